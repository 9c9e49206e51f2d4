import { describe, expect } from 'vitest';
import type { PackageFacts, RepositoryFacts } from '@stackyard/contracts/facts';
import type { Submission } from '@stackyard/contracts/ingestion';
import { tagListSchema, tagSchema, type Tag } from '@stackyard/contracts/tag';
import {
  tagSuggestionListSchema,
  tagSuggestionSettingsSchema,
  type TagSuggestionList,
} from '@stackyard/contracts/tag-suggestion';
import { toolFacts } from '@stackyard/db/schema';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { ingestionTest, settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';
import { unknownPackageFacts } from '../facts/registry-facts.ts';

const test = ingestionTest();

async function createTag(api: Harness, world: CatalogWorld, name: string): Promise<Tag> {
  const response = await api
    .as(world.editor)
    .post('/tags', { workspace_id: world.workspaceId, tag_name: name, color: '#123456' });
  return tagSchema.parse(expectStatus(response, 201));
}

/** A tool whose repository and npm package facts list these topics and keywords, as the facts job stores them. */
async function toolWithTopics(
  api: Harness,
  world: CatalogWorld,
  topics: string[],
  keywords: string[] = [],
): Promise<string> {
  const unique = Math.random().toString(36).slice(2);
  const { toolId, workspaceToolId } = await seedTool(api.db.db, {
    workspaceId: world.workspaceId,
    url: `https://vite.example/${unique}`,
    slug: `vite-${unique}`,
    name: 'Vite',
    description: 'Next generation frontend tooling with a fast dev server',
  });
  const now = new Date();
  const repository: RepositoryFacts = {
    source: 'github',
    fetched_at: now.toISOString(),
    full_name: 'vitejs/vite',
    url: 'https://github.com/vitejs/vite',
    stars: 1,
    forks: 1,
    open_issues: 1,
    license: 'MIT',
    language: 'TypeScript',
    topics,
    archived: false,
    last_push_at: null,
    latest_release: null,
    contributors: null,
    scorecard: null,
  };
  const npmPackage: PackageFacts = {
    ...unknownPackageFacts({ ecosystem: 'npm', name: 'vite' }, 'npm', now),
    keywords,
  };
  const fact = { toolId, status: 'ok' as const, error: null, checkedAt: now };
  await api.db.db.insert(toolFacts).values([
    { ...fact, source: 'github', subject: '', data: repository },
    { ...fact, source: 'npm', subject: 'npm:vite', data: npmPackage },
  ]);
  return workspaceToolId;
}

async function suggestions(api: Harness, user: TestUser, path: string): Promise<TagSuggestionList> {
  return tagSuggestionListSchema.parse(expectStatus(await api.as(user).get(path), 200));
}

describe('GET …/tag-suggestions', () => {
  test("suggests a tool's workspace tags first, then its topics, package keywords and taxonomy categories", async ({
    api,
    world,
  }) => {
    const bundler = await createTag(api, world, 'Bundler');
    await createTag(api, world, 'Unrelated');
    const toolId = await toolWithTopics(api, world, ['bundler', 'build-tool', 'vite', 'hmr'], ['HMR', 'esm']);
    const list = await suggestions(api, world.viewer, `/tools/workspace/${toolId}/tag-suggestions`);
    expect(list).toEqual({
      suggestions: [
        { tag_name: 'Bundler', source: 'existing_tag', tag_id: bundler.id },
        // Both a topic and a keyword: stronger than a topic alone.
        { tag_name: 'hmr', source: 'topic', tag_id: null },
        { tag_name: 'build-tool', source: 'topic', tag_id: null },
        { tag_name: 'esm', source: 'keyword', tag_id: null },
        { tag_name: 'frontend', source: 'taxonomy', tag_id: null },
      ],
    });
  });

  test('lets a viewer read the suggestions but not apply them; an editor applies one and it is no longer suggested', async ({
    api,
    world,
  }) => {
    await createTag(api, world, 'Bundler');
    const toolId = await toolWithTopics(api, world, ['bundler']);
    const [first] = (await suggestions(api, world.viewer, `/tools/workspace/${toolId}/tag-suggestions`))
      .suggestions;
    expect(first?.source).toBe('existing_tag');
    const path = `/tools/workspace/${toolId}/tags/${first?.tag_id}`;
    expectStatus(await api.as(world.viewer).put(path), 403);
    expectStatus(await api.as(world.editor).put(path), 204);
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${toolId}/tags`), 200),
    );
    expect(tags.map((tag) => tag.tag_name)).toEqual(['Bundler']);
    const after = await suggestions(api, world.viewer, `/tools/workspace/${toolId}/tag-suggestions`);
    expect(after.suggestions.map((suggestion) => suggestion.tag_name)).not.toContain('Bundler');
  });

  test('suggests for a resource from its title and description', async ({ api, world }) => {
    const tutorials = await createTag(api, world, 'tutorials');
    const resourceId = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://blog.example/postgres-tutorials',
      title: 'PostgreSQL tutorials',
      description: 'Indexes explained for the busy developer',
    });
    const list = await suggestions(api, world.viewer, `/resources/workspace/${resourceId}/tag-suggestions`);
    expect(list.suggestions[0]).toEqual({
      tag_name: 'tutorials',
      source: 'existing_tag',
      tag_id: tutorials.id,
    });
    expect(list.suggestions).toContainEqual({ tag_name: 'database', source: 'taxonomy', tag_id: null });
  });

  test('answers 404 to a non-member and for an unknown item, 400 for a malformed id', async ({
    api,
    world,
  }) => {
    const toolId = await toolWithTopics(api, world, []);
    const outsider = await api.user();
    const refused = await api.as(outsider).get(`/tools/workspace/${toolId}/tag-suggestions`);
    expect(expectStatus<{ detail: string }>(refused, 404).detail).toBe('Tool not found');
    const unknown = await api
      .as(world.owner)
      .get('/resources/workspace/00000000-0000-4000-8000-000000000000/tag-suggestions');
    expect(expectStatus<{ detail: string }>(unknown, 404).detail).toBe('Resource not found');
    expectStatus(await api.as(world.owner).get('/tools/workspace/not-an-id/tag-suggestions'), 400);
  });
});

describe('the "apply suggested tags" workspace setting', () => {
  const submitTool = (api: Harness, site: FixtureServer, user: TestUser, workspaceId: string) =>
    submitUrl(api, user, 'tools', { workspace_id: workspaceId, submitted_url: `${site.origin}/tool` });

  /** The tags on the tool a submission makes, once it has completed. */
  async function tagsOfIngested(api: Harness, user: TestUser, submission: Submission): Promise<string[]> {
    const done = await settledSubmission(api, user, submission.id, 30_000);
    if (done.status !== 'completed' || !done.workspace_tool_id) throw new Error(`submission ${done.status}`);
    const tags = await api.as(user).get(`/tools/workspace/${done.workspace_tool_id}/tags`);
    return tagListSchema.parse(expectStatus(tags, 200)).map((tag) => tag.tag_name);
  }

  test('is off by default; members read it, only admins and the owner change it', async ({ api, world }) => {
    const path = `/workspaces/${world.workspaceId}/tag-suggestion-settings`;
    expect(
      tagSuggestionSettingsSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200)),
    ).toEqual({
      workspace_id: world.workspaceId,
      apply_suggested_tags: false,
    });
    expectStatus(await api.as(world.editor).put(path, { apply_suggested_tags: true }), 403);
    const invalid = await api.as(world.owner).put(path, { apply_suggested_tags: 'yes' });
    expect(expectStatus<{ detail: string }>(invalid, 400).detail).toContain(
      'apply_suggested_tags must be true or false',
    );
    expect(expectStatus(await api.as(world.owner).put(path, { apply_suggested_tags: true }), 200)).toEqual({
      workspace_id: world.workspaceId,
      apply_suggested_tags: true,
    });
    expect(expectStatus(await api.as(world.editor).get(path), 200)).toMatchObject({
      apply_suggested_tags: true,
    });
  });

  test('makes ingestion put the suggested tags on the tool it adds; without it, none', async ({
    api,
    site,
  }) => {
    const applying = await catalogWorld(api);
    await createTag(api, applying, 'Static Sites');
    expectStatus(
      await api
        .as(applying.owner)
        .put(`/workspaces/${applying.workspaceId}/tag-suggestion-settings`, { apply_suggested_tags: true }),
      200,
    );
    const applied = await tagsOfIngested(
      api,
      applying.editor,
      await submitTool(api, site, applying.editor, applying.workspaceId),
    );
    expect(applied).toContain('Static Sites');

    const plain = await catalogWorld(api);
    await createTag(api, plain, 'Static Sites');
    expect(
      await tagsOfIngested(api, plain.editor, await submitTool(api, site, plain.editor, plain.workspaceId)),
    ).toEqual([]);
  });
});
