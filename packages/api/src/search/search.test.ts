import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { tools } from '@stackyard/db/schema';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { snippetHtml } from './search.repo.ts';

const test = apiTest();

async function search(api: Harness, world: CatalogWorld, q: string, limit?: number): Promise<SearchResult[]> {
  const response = await api
    .as(world.viewer)
    .get(
      `/search?workspace_id=${world.workspaceId}&q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    );
  return searchResultListSchema.parse(expectStatus(response, 200));
}

describe('GET /search', () => {
  test('finds tools, resources, projects and comments, ranked, with safe highlighted snippets', async ({
    api,
    world,
  }) => {
    const { workspaceToolId, toolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://vite.dev/${world.workspaceId}`,
      slug: 'vite',
      name: 'Vite',
      description: 'Next generation frontend tooling',
    });
    const resourceId = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://blog.example.com/bundlers',
      title: 'Bundlers compared',
      description: 'Why <script type="module"> & Vite changed frontend builds',
    });
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Vite migration' } }),
      201,
    );
    const comment = expectStatus<{ id: string }>(
      await api.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/comments`, {
        content: 'We moved from webpack to vite \uE000<img src=x onerror=alert(1)>\uE001 last year',
      }),
      201,
    );
    // An item of another workspace never shows.
    const other = await catalogWorld(api);
    await seedTool(api.db.db, {
      workspaceId: other.workspaceId,
      url: 'https://vite.dev/other',
      slug: 'vite',
      name: 'Vite',
    });

    const results = await search(api, world, 'vite');
    expect(new Set(results.map((result) => `${result.kind}:${result.id}`))).toEqual(
      new Set([
        `tool:${workspaceToolId}`,
        `resource:${resourceId}`,
        `project:${project.id}`,
        `comment:${comment.id}`,
      ]),
    );
    // A match in a title (tool name, project name) ranks above one in a description.
    const ranked = results.map((result) => result.kind);
    expect(ranked.indexOf('resource')).toBeGreaterThan(ranked.indexOf('tool'));
    expect(ranked.indexOf('resource')).toBeGreaterThan(ranked.indexOf('project'));
    const byKind = Object.fromEntries(results.map((result) => [result.kind, result]));
    expect(byKind.tool).toMatchObject({ title: 'Vite', slug: 'vite', target: null });
    expect(byKind.tool?.snippet_html).toContain('<mark>Vite</mark>');
    expect(byKind.resource?.snippet_html).toContain(
      'script type=&quot;module&quot;  &amp; <mark>Vite</mark>',
    );
    expect(byKind.comment).toMatchObject({
      title: 'Comment on Vite',
      target: { kind: 'tool', id: workspaceToolId, slug: 'vite' },
    });
    // The user's own text cannot open a <mark> or any other element.
    expect(byKind.comment?.snippet_html).not.toMatch(/<(?!\/?mark>)/);
    expect(byKind.comment?.snippet_html.match(/<mark>/g)).toHaveLength(1);

    // Stemming: "tools" finds "tooling"; a changed global name is found at once (the trigger).
    expect((await search(api, world, 'tools')).map((result) => result.kind)).toEqual(['tool']);
    await api.db.db.update(tools).set({ name: 'Rolldown Vite' }).where(eq(tools.id, toolId));
    expect((await search(api, world, 'rolldown')).map((result) => result.id)).toEqual([workspaceToolId]);
    // The last word is being typed: it matches as a prefix, the words before it as words.
    expect((await search(api, world, 'rolld')).map((result) => result.id)).toEqual([workspaceToolId]);
    expect((await search(api, world, 'migration vi')).map((result) => result.kind)).toEqual(['project']);
    expect((await search(api, world, '"rolld"')).map((result) => result.id)).toEqual([]);
    // Web-search syntax: a phrase and a negation.
    expect((await search(api, world, '"frontend tooling"')).map((result) => result.kind)).toEqual(['tool']);
    expect(
      (await search(api, world, 'vite -webpack -migration -bundlers')).map((result) => result.kind),
    ).toEqual(['tool']);
    // Only stop words, or nothing but punctuation: no hits rather than an error.
    expect(await search(api, world, 'the and')).toEqual([]);
    expect(await search(api, world, '!!! & |')).toEqual([]);
  });

  test('matches the last word as a prefix once it has two letters', async ({ api, world }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://rocket.rs/${world.workspaceId}`,
      slug: 'rocket',
      name: 'Rocket',
      description: 'A web framework for Rust, version 5',
    });
    // A single letter matches whole words only: it begins too many words to rank them all.
    expect(await search(api, world, 'r')).toEqual([]);
    expect(await search(api, world, 'web r')).toEqual([]);
    expect((await search(api, world, 'ro')).map((result) => result.id)).toEqual([workspaceToolId]);
    expect((await search(api, world, 'web ru')).map((result) => result.id)).toEqual([workspaceToolId]);
    expect((await search(api, world, '5')).map((result) => result.id)).toEqual([workspaceToolId]);
  });

  test('answers the best hits up to the limit, equal ranks by kind then id', async ({ api, world }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://tie.example.com/${world.workspaceId}`,
      slug: 'unrelated',
      name: 'Unrelated',
      description: 'Mentions gizmo once in its description',
    });
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Gizmo' } }),
      201,
    );
    const commentIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const comment = expectStatus<{ id: string }>(
        await api.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/comments`, { content: 'gizmo' }),
        201,
      );
      commentIds.push(comment.id);
    }
    commentIds.sort();
    const resourceId = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://blog.example.com/${world.workspaceId}`,
      title: 'Gizmo',
    });
    const all = await search(api, world, 'gizmo');
    // Names that start with the text come first: the project (the word twice, name and slug) then the
    // resource. The comments have it once in their text (weight A) and rank the same, by id; the tool's
    // description (weight B) ranks last.
    expect(all.map((result) => result.id)).toEqual([project.id, resourceId, ...commentIds, workspaceToolId]);
    expect(all[0]?.rank).toBeGreaterThan(all[1]?.rank ?? 1);
    expect(new Set(all.slice(1, 5).map((result) => result.rank)).size).toBe(1);
    expect(all[5]?.rank).toBeLessThan(all[4]?.rank ?? 0);
    // A smaller limit keeps the best hits, not the first ones found.
    expect((await search(api, world, 'gizmo', 2)).map((result) => result.id)).toEqual([
      project.id,
      resourceId,
    ]);
    expect((await search(api, world, 'gizmo', 5)).map((result) => result.kind)).toEqual([
      'project',
      'resource',
      'comment',
      'comment',
      'comment',
    ]);
  });

  test('answers a tool or resource whose name starts with the text before comments and other matches', async ({
    api,
    world,
  }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://rocket.rs/${world.workspaceId}`,
      slug: 'rocket-rs',
      name: 'Rocket Web',
      description: 'A web framework for Rust',
    });
    const comment = expectStatus<{ id: string }>(
      await api.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/comments`, {
        content: 'rocket rocket rocket: we launch every rocket with rocket web',
      }),
      201,
    );
    const mentions = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://blog.example.com/mentions/${world.workspaceId}`,
      title: 'Why we left rockets behind',
      description: 'Rocket, rocket and rocket again: every rocket web launch',
    });
    const named = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://blog.example.com/named/${world.workspaceId}`,
      title: 'Rocket web guide',
    });

    const titles: Record<string, string> = {
      [workspaceToolId]: 'Rocket Web',
      [named]: 'Rocket web guide',
      [comment.id]: 'Comment on Rocket Web',
      [mentions]: 'Why we left rockets behind',
    };
    for (const typed of ['rock', 'Rocket', 'rocket  web']) {
      const results = await search(api, world, typed);
      const ids = results.map((result) => result.id);
      expect(new Set(ids.slice(0, 2)), typed).toEqual(new Set([workspaceToolId, named]));
      expect(new Set(ids.slice(2)), typed).toEqual(new Set([comment.id, mentions]));
      // A hit is titled by name: the tool by its name, the comment by the name of the tool it is on.
      for (const result of results) expect(result.title).toBe(titles[result.id]);
    }
    // Without a name starting with the text, the rank decides: the comment says "rocket" most.
    expect((await search(api, world, 'launch')).map((result) => result.id)[0]).toBe(comment.id);
    // A limit keeps the named hits first.
    expect((await search(api, world, 'rocket', 1)).map((result) => result.id)).toEqual([workspaceToolId]);
  });

  test('checks its query and the caller', async ({ api, world }) => {
    for (const query of ['', `&q=${'a'.repeat(201)}`, '&q=x&limit=0']) {
      const response = await api.as(world.viewer).get(`/search?workspace_id=${world.workspaceId}${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const stranger = await api.user();
    expect((await api.as(stranger).get(`/search?workspace_id=${world.workspaceId}&q=x`)).statusCode).toBe(
      404,
    );
  });

  it('escapes a snippet and keeps only its match marks', () => {
    expect(snippetHtml('a <b> & "c" \uE000d\uE001')).toBe('a &lt;b&gt; &amp; &quot;c&quot; <mark>d</mark>');
  });
});
