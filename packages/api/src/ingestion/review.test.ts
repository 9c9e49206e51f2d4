import { describe, expect } from 'vitest';
import { commentListSchema } from '@stackyard/contracts/comment';
import { submissionListSchema, submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { resourceListSchema, resourceSchema } from '@stackyard/contracts/resource';
import { tagListSchema } from '@stackyard/contracts/tag';
import { toolListSchema, toolSchema } from '@stackyard/contracts/tool';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { TestUser } from '@stackyard/testing/harness';
import { ingestionTest, settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';

// Resource submissions, one submission by id, the review actions (retry, release, reject) and the hints.

type Kind = 'tools' | 'resources';

/**
 * ingestionTest with `workspace`: the test's world, the fixture site's origin, submissions to the world, read
 * until settled, and new tags there.
 */
const test = ingestionTest().extend('workspace', ({ api, site, world }) => ({
  world,
  origin: site.origin,
  submit: (user: TestUser, kind: Kind, url: string, extra: object = {}) =>
    submitUrl(api, user, kind, { workspace_id: world.workspaceId, submitted_url: url, ...extra }),
  settled: (submission: Submission, user: TestUser = world.viewer) =>
    settledSubmission(api, user, submission.id),
  async newTag(name: string, workspaceId = world.workspaceId, owner = world.owner): Promise<string> {
    const response = await api
      .as(owner)
      .post('/tags', { workspace_id: workspaceId, tag_name: name, color: '#3b82f6' });
    return expectStatus<{ id: string }>(response, 201).id;
  },
}));

const hints = (tags: string[], projects: string[], comment?: string) => ({
  pre_ingestion_extracted_data: {
    ingestion_hints: {
      suggested_workspace_relationships: { linked_tags: tags, linked_workspace_projects: projects },
      ...(comment ? { suggested_comment: comment } : {}),
    },
  },
});

describe('resource submissions', () => {
  test('creates a resource with the extracted title, description and image', async ({
    api,
    workspace: { world, origin, submit, settled },
  }) => {
    const url = `${origin}/tool`;
    const submission = await submit(world.editor, 'resources', url);
    expect(submission).toMatchObject({ kind: 'resource', status: 'pending', resource_id: null });
    const done = await settled(submission);
    expect(done.status).toBe('completed');
    expect(done.resource_id).not.toBeNull();
    expect(done.workspace_tool_id).toBeNull();

    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${done.resource_id}`), 200),
    );
    expect(resource.raw_submitted_url).toBe(url);
    expect(resource.metadata.extracted_title).toBeTruthy();
    expect(resource.metadata.extracted_description).toBeTruthy();
    expect(resource.metadata.extracted_image).toMatch(/^http/);

    const list = submissionListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/ingestion/resources/workspace/${world.workspaceId}`),
        200,
      ),
    );
    expect(list[0]?.id).toBe(done.id);
    // Tool and resource submissions are listed apart.
    const tools = submissionListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/ingestion/tools/workspace/${world.workspaceId}`), 200),
    );
    expect(tools.some((item) => item.id === done.id)).toBe(false);
  });

  test('links a URL the workspace already has to its resource without fetching', async ({
    api,
    site,
    workspace: { world, origin, submit, settled },
  }) => {
    const first = await settled(await submit(world.editor, 'resources', `${origin}/twitter`));
    const fetches = site.requests().filter((path) => path === '/twitter').length;
    const again = await settled(
      await submit(world.editor, 'resources', `${origin}/twitter?utm_campaign=x#section`),
    );
    expect(again.status).toBe('completed');
    expect(again.resource_id).toBe(first.resource_id);
    expect([first.already_saved, again.already_saved]).toEqual([false, true]);
    expect(site.requests().filter((path) => path === '/twitter').length).toBe(fetches);
    const resources = resourceListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}?limit=100`),
        200,
      ),
    );
    expect(resources.filter((item) => item.workspace_resource_id === first.resource_id)).toHaveLength(1);
  });

  test('lists newest first', async ({ api, workspace: { world, submit } }) => {
    const a = await submit(world.editor, 'resources', 'ftp://first.example/');
    const b = await submit(world.editor, 'resources', 'ftp://second.example/');
    const list = submissionListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/ingestion/resources/workspace/${world.workspaceId}`),
        200,
      ),
    );
    expect(list.map((item) => item.id).slice(0, 2)).toEqual([b.id, a.id]);
  });
});

describe('GET /ingestion/submissions/{id}', () => {
  test('answers members and hides the submission from everyone else', async ({
    api,
    workspace: { world, submit },
  }) => {
    const submission = await submit(world.editor, 'tools', 'ftp://seen.example/');
    const got = submissionSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/ingestion/submissions/${submission.id}`), 200),
    );
    expect(got).toEqual(submission);
    const outsider = await api.user();
    const hidden = await api.as(outsider).get(`/ingestion/submissions/${submission.id}`);
    expect(expectStatus<{ detail: string }>(hidden, 404).detail).toBe('Submission not found');
    expectStatus(await api.as(world.viewer).get(`/ingestion/submissions/${crypto.randomUUID()}`), 404);
    expectStatus(await api.as(world.viewer).get('/ingestion/submissions/not-a-uuid'), 400);
  });
});

describe('review', () => {
  test('retries a quarantined submission: back to pending, fetched again, reviewer recorded', async ({
    api,
    site,
    workspace: { world, origin, submit, settled },
  }) => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${origin}/challenge/cloudflare`));
    expect(quarantined.status).toBe('quarantined');
    expect(quarantined.quarantine_context?.code).toBe('bot_challenge');
    const fetches = site.requests().filter((path) => path === '/challenge/cloudflare').length;

    const retried = submissionSchema.parse(
      expectStatus(await api.as(world.owner).post(`/ingestion/submissions/${quarantined.id}/retry`), 200),
    );
    expect(retried).toMatchObject({
      status: 'pending',
      quarantine_context: null,
      reviewed_by_user_id: world.owner.id,
    });
    expect(retried.reviewed_at).not.toBeNull();
    const again = await settled(retried);
    expect(again.status).toBe('quarantined');
    expect(site.requests().filter((path) => path === '/challenge/cloudflare').length).toBe(fetches + 1);
  });

  test('releases a quarantined tool with hand-typed metadata and applies the hints', async ({
    api,
    workspace: { world, origin, submit, settled, newTag },
  }) => {
    const tag = await newTag('released');
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Launch' } }),
      201,
    );
    const quarantined = await settled(
      await submit(
        world.editor,
        'tools',
        `${origin}/challenge/attention`,
        hints([tag], [project.id], 'Behind a bot wall, but good'),
      ),
    );
    expect(quarantined.status).toBe('quarantined');

    const released = submissionSchema.parse(
      expectStatus(
        await api.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {
          name: 'Walled Garden',
          description: 'A tool behind a bot check',
          homepage_url: 'https://walled.example/',
        }),
        200,
      ),
    );
    expect(released).toMatchObject({ status: 'completed', reviewed_by_user_id: world.editor.id });
    expect(released.workspace_tool_id).not.toBeNull();

    const tool = toolSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${released.workspace_tool_id}`), 200),
    );
    expect(tool.slug).toBe('walled-garden');
    expect(tool.metadata).toMatchObject({
      name: 'Walled Garden',
      description: 'A tool behind a bot check',
      canonical_links: { homepage_url: 'https://walled.example/' },
    });
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${tool.workspace_tool_id}/tags`), 200),
    );
    expect(tags.map((item) => item.id)).toEqual([tag]);
    const inProject = toolListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/projects/${project.id}/tools`), 200),
    );
    expect(inProject.map((item) => item.workspace_tool_id)).toEqual([tool.workspace_tool_id]);
    const comments = commentListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/tools/workspace/${tool.workspace_tool_id}/comments`),
        200,
      ),
    );
    expect(comments).toMatchObject([
      { content: 'Behind a bot wall, but good', commenter_id: world.editor.id },
    ]);
  });

  test('releases a resource under the typed title', async ({
    api,
    workspace: { world, origin, submit, settled },
  }) => {
    const quarantined = await settled(
      await submit(world.editor, 'resources', `${origin}/challenge/ellipsis`),
    );
    const released = submissionSchema.parse(
      expectStatus(
        await api
          .as(world.owner)
          .post(`/ingestion/submissions/${quarantined.id}/release`, { name: 'Notes behind a wall' }),
        200,
      ),
    );
    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${released.resource_id}`), 200),
    );
    expect(resource.metadata.extracted_title).toBe('Notes behind a wall');
  });

  test('rejects, and refuses every review of a settled submission with a 409', async ({
    api,
    workspace: { world, origin, submit, settled },
  }) => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${origin}/status/404`));
    const rejected = submissionSchema.parse(
      expectStatus(await api.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/reject`), 200),
    );
    expect(rejected.status).toBe('rejected');
    expect(rejected.quarantine_context?.code).toBe('http_error');
    for (const action of ['retry', 'release', 'reject']) {
      const response = await api
        .as(world.editor)
        .post(
          `/ingestion/submissions/${quarantined.id}/${action}`,
          action === 'release' ? { name: 'X' } : {},
        );
      expect(expectStatus<{ detail: string }>(response, 409).detail).toBe(
        'This submission is rejected; only a quarantined or failed submission can be retried, released or rejected.',
      );
    }
    const completed = await settled(await submit(world.editor, 'tools', `${origin}/bare`));
    expect(completed.status).toBe('completed');
    const refused = await api.as(world.editor).post(`/ingestion/submissions/${completed.id}/retry`);
    expect(expectStatus<{ detail: string }>(refused, 409).detail).toContain('This submission is completed');
  });

  test('retries a failed submission too', async ({ api, workspace: { world, origin, submit, settled } }) => {
    const failed = await settled(await submit(world.editor, 'tools', `${origin}/status/500`));
    expect(failed.status).toBe('failed');
    // As the web app sends it: no body, no content type.
    const retried = expectStatus<Submission>(
      await api.app.inject({
        method: 'POST',
        url: `/api/v1/ingestion/submissions/${failed.id}/retry`,
        headers: { authorization: `Bearer ${world.editor.token}` },
      }),
      200,
    );
    expect(retried.status).toBe('pending');
    expect((await settled(retried)).status).toBe('failed');
  });

  test('needs a name to release a tool, and a web address to release anything', async ({
    api,
    workspace: { world, origin, submit, settled },
  }) => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${origin}/status/410`));
    const nameless = await api.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {});
    expect(expectStatus<{ detail: string }>(nameless, 400).detail).toContain('A tool needs a name');
    const badUrl = await api.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {
      name: 'X',
      homepage_url: 'javascript:alert(1)',
    });
    expectStatus(badUrl, 400);
    const invalid = await submit(world.editor, 'tools', 'not a url at all');
    expect(invalid.status).toBe('quarantined');
    const refused = await api
      .as(world.editor)
      .post(`/ingestion/submissions/${invalid.id}/release`, { name: 'X' });
    expect(expectStatus<{ detail: string }>(refused, 409).detail).toContain('not a valid web address');
  });

  test('refuses viewers (403) and outsiders (404)', async ({
    api,
    workspace: { world, origin, submit, settled },
  }) => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${origin}/pdf`));
    expect(quarantined.quarantine_context?.code).toBe('not_html');
    const refused = await api.as(world.viewer).post(`/ingestion/submissions/${quarantined.id}/reject`);
    expect(expectStatus<{ detail: string }>(refused, 403).detail).toBe(
      'Only editors and admins can review submissions.',
    );
    expectStatus(await api.as(await api.user()).post(`/ingestion/submissions/${quarantined.id}/reject`), 404);
  });
});

describe('hints', () => {
  test('applies tags, projects and the comment when a tool completes', async ({
    api,
    workspace: { world, origin, submit, settled, newTag },
  }) => {
    const tag = await newTag('build-tools');
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Docs site' } }),
      201,
    );
    const done = await settled(
      await submit(world.editor, 'tools', `${origin}/json-ld`, hints([tag], [project.id], 'Use for docs')),
    );
    expect(done.status).toBe('completed');
    const toolId = done.workspace_tool_id ?? '';
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${toolId}/tags`), 200),
    );
    expect(tags.map((item) => item.tag_name)).toEqual(['build-tools']);
    const inProject = toolListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/projects/${project.id}/tools`), 200),
    );
    expect(inProject.map((item) => item.workspace_tool_id)).toContain(toolId);
    const comments = commentListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${toolId}/comments`), 200),
    );
    expect(comments).toMatchObject([{ content: 'Use for docs', commenter_id: world.editor.id }]);
  });

  test('applies tags and the comment to a resource', async ({
    api,
    workspace: { world, origin, submit, settled, newTag },
  }) => {
    const tag = await newTag('reading');
    const done = await settled(
      await submit(world.editor, 'resources', `${origin}/plain/`, hints([tag], [], 'Read later')),
    );
    const resourceId = done.resource_id ?? '';
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/workspace/${resourceId}/tags`), 200),
    );
    expect(tags.map((item) => item.tag_name)).toEqual(['reading']);
    const comments = commentListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/workspace/${resourceId}/comments`), 200),
    );
    expect(comments.map((item) => item.content)).toEqual(['Read later']);
  });

  test("refuses a hint naming another workspace's tag or project with a 400", async ({
    api,
    workspace: { world, origin, newTag },
  }) => {
    const other = await catalogWorld(api);
    const foreignTag = await newTag('foreign', other.workspaceId, other.owner);
    const refused = await api.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: `${origin}/tool`,
      ...hints([foreignTag], []),
    });
    expect(expectStatus<{ detail: string }>(refused, 400).detail).toContain(
      `tag ${foreignTag} is not a tag of this workspace`,
    );
    const foreignProject = expectStatus<{ id: string }>(
      await api
        .as(other.owner)
        .post('/projects', { workspace_id: other.workspaceId, metadata: { name: 'Theirs' } }),
      201,
    );
    const refusedProject = await api.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: `${origin}/tool`,
      ...hints([], [foreignProject.id]),
    });
    expect(expectStatus<{ detail: string }>(refusedProject, 400).detail).toContain(
      'is not a project of this workspace',
    );
  });
});
