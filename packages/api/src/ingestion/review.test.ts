import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema } from '@stackyard/contracts/comment';
import { submissionListSchema, submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { resourceListSchema, resourceSchema } from '@stackyard/contracts/resource';
import { tagListSchema } from '@stackyard/contracts/tag';
import { toolListSchema, toolSchema } from '@stackyard/contracts/tool';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { createIngestionHarness, settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';

// Resource submissions, one submission by id, the review actions (retry, release, reject) and the hints.

let h: Harness;
let fixture: FixtureServer;
let world: CatalogWorld;

beforeAll(async () => {
  ({ h, fixture } = await createIngestionHarness());
  world = await catalogWorld(h);
});

afterAll(() => h.closeChecked());

type Kind = 'tools' | 'resources';

const submit = (user: TestUser, kind: Kind, url: string, extra: object = {}) =>
  submitUrl(h, user, kind, { workspace_id: world.workspaceId, submitted_url: url, ...extra });

const settled = (submission: Submission, user: TestUser = world.viewer) =>
  settledSubmission(h, user, submission.id);

async function newTag(name: string, workspaceId = world.workspaceId, owner = world.owner): Promise<string> {
  const response = await h
    .as(owner)
    .post('/tags', { workspace_id: workspaceId, tag_name: name, color: '#3b82f6' });
  return expectStatus<{ id: string }>(response, 201).id;
}

const hints = (tags: string[], projects: string[], comment?: string) => ({
  pre_ingestion_extracted_data: {
    ingestion_hints: {
      suggested_workspace_relationships: { linked_tags: tags, linked_workspace_projects: projects },
      ...(comment ? { suggested_comment: comment } : {}),
    },
  },
});

describe('resource submissions', () => {
  it('creates a resource with the extracted title, description and image', async () => {
    const url = `${fixture.origin}/tool`;
    const submission = await submit(world.editor, 'resources', url);
    expect(submission).toMatchObject({ kind: 'resource', status: 'pending', resource_id: null });
    const done = await settled(submission);
    expect(done.status).toBe('completed');
    expect(done.resource_id).not.toBeNull();
    expect(done.workspace_tool_id).toBeNull();

    const resource = resourceSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/${done.resource_id}`), 200),
    );
    expect(resource.raw_submitted_url).toBe(url);
    expect(resource.metadata.extracted_title).toBeTruthy();
    expect(resource.metadata.extracted_description).toBeTruthy();
    expect(resource.metadata.extracted_image).toMatch(/^http/);

    const list = submissionListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/ingestion/resources/workspace/${world.workspaceId}`), 200),
    );
    expect(list[0]?.id).toBe(done.id);
    // Tool and resource submissions are listed apart.
    const tools = submissionListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/ingestion/tools/workspace/${world.workspaceId}`), 200),
    );
    expect(tools.some((item) => item.id === done.id)).toBe(false);
  });

  it('links a URL the workspace already has to its resource without fetching', async () => {
    const first = await settled(await submit(world.editor, 'resources', `${fixture.origin}/twitter`));
    const fetches = fixture.requests().filter((path) => path === '/twitter').length;
    const again = await settled(
      await submit(world.editor, 'resources', `${fixture.origin}/twitter?utm_campaign=x#section`),
    );
    expect(again.status).toBe('completed');
    expect(again.resource_id).toBe(first.resource_id);
    expect([first.already_saved, again.already_saved]).toEqual([false, true]);
    expect(fixture.requests().filter((path) => path === '/twitter').length).toBe(fetches);
    const resources = resourceListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/workspace/${world.workspaceId}?limit=100`), 200),
    );
    expect(resources.filter((item) => item.workspace_resource_id === first.resource_id)).toHaveLength(1);
  });

  it('lists newest first', async () => {
    const a = await submit(world.editor, 'resources', 'ftp://first.example/');
    const b = await submit(world.editor, 'resources', 'ftp://second.example/');
    const list = submissionListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/ingestion/resources/workspace/${world.workspaceId}`), 200),
    );
    expect(list.map((item) => item.id).slice(0, 2)).toEqual([b.id, a.id]);
  });
});

describe('GET /ingestion/submissions/{id}', () => {
  it('answers members and hides the submission from everyone else', async () => {
    const submission = await submit(world.editor, 'tools', 'ftp://seen.example/');
    const got = submissionSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/ingestion/submissions/${submission.id}`), 200),
    );
    expect(got).toEqual(submission);
    const outsider = await h.user();
    const hidden = await h.as(outsider).get(`/ingestion/submissions/${submission.id}`);
    expect(expectStatus<{ detail: string }>(hidden, 404).detail).toBe('Submission not found');
    expectStatus(await h.as(world.viewer).get(`/ingestion/submissions/${crypto.randomUUID()}`), 404);
    expectStatus(await h.as(world.viewer).get('/ingestion/submissions/not-a-uuid'), 400);
  });
});

describe('review', () => {
  it('retries a quarantined submission: back to pending, fetched again, reviewer recorded', async () => {
    const quarantined = await settled(
      await submit(world.editor, 'tools', `${fixture.origin}/challenge/cloudflare`),
    );
    expect(quarantined.status).toBe('quarantined');
    expect(quarantined.quarantine_context?.code).toBe('bot_challenge');
    const fetches = fixture.requests().filter((path) => path === '/challenge/cloudflare').length;

    const retried = submissionSchema.parse(
      expectStatus(await h.as(world.owner).post(`/ingestion/submissions/${quarantined.id}/retry`), 200),
    );
    expect(retried).toMatchObject({
      status: 'pending',
      quarantine_context: null,
      reviewed_by_user_id: world.owner.id,
    });
    expect(retried.reviewed_at).not.toBeNull();
    const again = await settled(retried);
    expect(again.status).toBe('quarantined');
    expect(fixture.requests().filter((path) => path === '/challenge/cloudflare').length).toBe(fetches + 1);
  });

  it('releases a quarantined tool with hand-typed metadata and applies the hints', async () => {
    const tag = await newTag('released');
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.owner)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Launch' } }),
      201,
    );
    const quarantined = await settled(
      await submit(
        world.editor,
        'tools',
        `${fixture.origin}/challenge/attention`,
        hints([tag], [project.id], 'Behind a bot wall, but good'),
      ),
    );
    expect(quarantined.status).toBe('quarantined');

    const released = submissionSchema.parse(
      expectStatus(
        await h.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {
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
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${released.workspace_tool_id}`), 200),
    );
    expect(tool.slug).toBe('walled-garden');
    expect(tool.metadata).toMatchObject({
      name: 'Walled Garden',
      description: 'A tool behind a bot check',
      canonical_links: { homepage_url: 'https://walled.example/' },
    });
    const tags = tagListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${tool.workspace_tool_id}/tags`), 200),
    );
    expect(tags.map((item) => item.id)).toEqual([tag]);
    const inProject = toolListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/projects/${project.id}/tools`), 200),
    );
    expect(inProject.map((item) => item.workspace_tool_id)).toEqual([tool.workspace_tool_id]);
    const comments = commentListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${tool.workspace_tool_id}/comments`), 200),
    );
    expect(comments).toMatchObject([
      { content: 'Behind a bot wall, but good', commenter_id: world.editor.id },
    ]);
  });

  it('releases a resource under the typed title', async () => {
    const quarantined = await settled(
      await submit(world.editor, 'resources', `${fixture.origin}/challenge/ellipsis`),
    );
    const released = submissionSchema.parse(
      expectStatus(
        await h
          .as(world.owner)
          .post(`/ingestion/submissions/${quarantined.id}/release`, { name: 'Notes behind a wall' }),
        200,
      ),
    );
    const resource = resourceSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/${released.resource_id}`), 200),
    );
    expect(resource.metadata.extracted_title).toBe('Notes behind a wall');
  });

  it('rejects, and refuses every review of a settled submission with a 409', async () => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${fixture.origin}/status/404`));
    const rejected = submissionSchema.parse(
      expectStatus(await h.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/reject`), 200),
    );
    expect(rejected.status).toBe('rejected');
    expect(rejected.quarantine_context?.code).toBe('http_error');
    for (const action of ['retry', 'release', 'reject']) {
      const response = await h
        .as(world.editor)
        .post(
          `/ingestion/submissions/${quarantined.id}/${action}`,
          action === 'release' ? { name: 'X' } : {},
        );
      expect(expectStatus<{ detail: string }>(response, 409).detail).toBe(
        'This submission is rejected; only a quarantined or failed submission can be retried, released or rejected.',
      );
    }
    const completed = await settled(await submit(world.editor, 'tools', `${fixture.origin}/bare`));
    expect(completed.status).toBe('completed');
    const refused = await h.as(world.editor).post(`/ingestion/submissions/${completed.id}/retry`);
    expect(expectStatus<{ detail: string }>(refused, 409).detail).toContain('This submission is completed');
  });

  it('retries a failed submission too', async () => {
    const failed = await settled(await submit(world.editor, 'tools', `${fixture.origin}/status/500`));
    expect(failed.status).toBe('failed');
    // As the web app sends it: no body, no content type.
    const retried = expectStatus<Submission>(
      await h.app.inject({
        method: 'POST',
        url: `/api/v1/ingestion/submissions/${failed.id}/retry`,
        headers: { authorization: `Bearer ${world.editor.token}` },
      }),
      200,
    );
    expect(retried.status).toBe('pending');
    expect((await settled(retried)).status).toBe('failed');
  });

  it('needs a name to release a tool, and a web address to release anything', async () => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${fixture.origin}/status/410`));
    const nameless = await h.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {});
    expect(expectStatus<{ detail: string }>(nameless, 400).detail).toContain('A tool needs a name');
    const badUrl = await h.as(world.editor).post(`/ingestion/submissions/${quarantined.id}/release`, {
      name: 'X',
      homepage_url: 'javascript:alert(1)',
    });
    expectStatus(badUrl, 400);
    const invalid = await submit(world.editor, 'tools', 'not a url at all');
    expect(invalid.status).toBe('quarantined');
    const refused = await h
      .as(world.editor)
      .post(`/ingestion/submissions/${invalid.id}/release`, { name: 'X' });
    expect(expectStatus<{ detail: string }>(refused, 409).detail).toContain('not a valid web address');
  });

  it('refuses viewers (403) and outsiders (404)', async () => {
    const quarantined = await settled(await submit(world.editor, 'tools', `${fixture.origin}/pdf`));
    expect(quarantined.quarantine_context?.code).toBe('not_html');
    const refused = await h.as(world.viewer).post(`/ingestion/submissions/${quarantined.id}/reject`);
    expect(expectStatus<{ detail: string }>(refused, 403).detail).toBe(
      'Only editors and admins can review submissions.',
    );
    expectStatus(await h.as(await h.user()).post(`/ingestion/submissions/${quarantined.id}/reject`), 404);
  });
});

describe('hints', () => {
  it('applies tags, projects and the comment when a tool completes', async () => {
    const tag = await newTag('build-tools');
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.owner)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Docs site' } }),
      201,
    );
    const done = await settled(
      await submit(
        world.editor,
        'tools',
        `${fixture.origin}/json-ld`,
        hints([tag], [project.id], 'Use for docs'),
      ),
    );
    expect(done.status).toBe('completed');
    const toolId = done.workspace_tool_id ?? '';
    const tags = tagListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${toolId}/tags`), 200),
    );
    expect(tags.map((item) => item.tag_name)).toEqual(['build-tools']);
    const inProject = toolListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/projects/${project.id}/tools`), 200),
    );
    expect(inProject.map((item) => item.workspace_tool_id)).toContain(toolId);
    const comments = commentListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${toolId}/comments`), 200),
    );
    expect(comments).toMatchObject([{ content: 'Use for docs', commenter_id: world.editor.id }]);
  });

  it('applies tags and the comment to a resource', async () => {
    const tag = await newTag('reading');
    const done = await settled(
      await submit(world.editor, 'resources', `${fixture.origin}/plain/`, hints([tag], [], 'Read later')),
    );
    const resourceId = done.resource_id ?? '';
    const tags = tagListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/workspace/${resourceId}/tags`), 200),
    );
    expect(tags.map((item) => item.tag_name)).toEqual(['reading']);
    const comments = commentListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/workspace/${resourceId}/comments`), 200),
    );
    expect(comments.map((item) => item.content)).toEqual(['Read later']);
  });

  it("refuses a hint naming another workspace's tag or project with a 400", async () => {
    const other = await catalogWorld(h);
    const foreignTag = await newTag('foreign', other.workspaceId, other.owner);
    const refused = await h.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: `${fixture.origin}/tool`,
      ...hints([foreignTag], []),
    });
    expect(expectStatus<{ detail: string }>(refused, 400).detail).toContain(
      `tag ${foreignTag} is not a tag of this workspace`,
    );
    const foreignProject = expectStatus<{ id: string }>(
      await h
        .as(other.owner)
        .post('/projects', { workspace_id: other.workspaceId, metadata: { name: 'Theirs' } }),
      201,
    );
    const refusedProject = await h.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: `${fixture.origin}/tool`,
      ...hints([], [foreignProject.id]),
    });
    expect(expectStatus<{ detail: string }>(refusedProject, 400).detail).toContain(
      'is not a project of this workspace',
    );
  });
});
