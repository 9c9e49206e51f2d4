import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { tools } from '@stackyard/db/schema';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import { snippetHtml } from './search.service.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

async function search(world: CatalogWorld, q: string): Promise<SearchResult[]> {
  const response = await h
    .as(world.viewer)
    .get(`/search?workspace_id=${world.workspaceId}&q=${encodeURIComponent(q)}`);
  return searchResultListSchema.parse(expectStatus(response, 200));
}

describe('GET /search', () => {
  it('finds tools, resources, projects and comments, ranked, with safe highlighted snippets', async () => {
    const world = await catalogWorld(h);
    const { workspaceToolId, toolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: `https://vite.dev/${world.workspaceId}`,
      slug: 'vite',
      name: 'Vite',
      description: 'Next generation frontend tooling',
    });
    const resourceId = await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://blog.example.com/bundlers',
      title: 'Bundlers compared',
      description: 'Why <script type="module"> & Vite changed frontend builds',
    });
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Vite migration' } }),
      201,
    );
    const comment = expectStatus<{ id: string }>(
      await h.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/comments`, {
        content: 'We moved from webpack to vite \uE000<img src=x onerror=alert(1)>\uE001 last year',
      }),
      201,
    );
    // An item of another workspace never shows.
    const other = await catalogWorld(h);
    await seedTool(h.db.db, {
      workspaceId: other.workspaceId,
      url: 'https://vite.dev/other',
      slug: 'vite',
      name: 'Vite',
    });

    const results = await search(world, 'vite');
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
    expect(byKind.tool).toMatchObject({ title: 'vite', slug: 'vite', target: null });
    expect(byKind.tool?.snippet_html).toContain('<mark>Vite</mark>');
    expect(byKind.resource?.snippet_html).toContain(
      'script type=&quot;module&quot;  &amp; <mark>Vite</mark>',
    );
    expect(byKind.comment).toMatchObject({
      title: 'Comment on vite',
      target: { kind: 'tool', id: workspaceToolId, slug: 'vite' },
    });
    // The user's own text cannot open a <mark> or any other element.
    expect(byKind.comment?.snippet_html).not.toMatch(/<(?!\/?mark>)/);
    expect(byKind.comment?.snippet_html.match(/<mark>/g)).toHaveLength(1);

    // Stemming: "tools" finds "tooling"; a changed global name is found at once (the trigger).
    expect((await search(world, 'tools')).map((result) => result.kind)).toEqual(['tool']);
    await h.db.db.update(tools).set({ name: 'Rolldown Vite' }).where(eq(tools.id, toolId));
    expect((await search(world, 'rolldown')).map((result) => result.id)).toEqual([workspaceToolId]);
    // The last word is being typed: it matches as a prefix, the words before it as words.
    expect((await search(world, 'rolld')).map((result) => result.id)).toEqual([workspaceToolId]);
    expect((await search(world, 'migration vi')).map((result) => result.kind)).toEqual(['project']);
    expect((await search(world, '"rolld"')).map((result) => result.id)).toEqual([]);
    // Web-search syntax: a phrase and a negation.
    expect((await search(world, '"frontend tooling"')).map((result) => result.kind)).toEqual(['tool']);
    expect((await search(world, 'vite -webpack -migration -bundlers')).map((result) => result.kind)).toEqual([
      'tool',
    ]);
    // Only stop words, or nothing but punctuation: no hits rather than an error.
    expect(await search(world, 'the and')).toEqual([]);
    expect(await search(world, '!!! & |')).toEqual([]);
  });

  it('checks its query and the caller', async () => {
    const world = await catalogWorld(h);
    for (const query of ['', `&q=${'a'.repeat(201)}`, '&q=x&limit=0']) {
      const response = await h.as(world.viewer).get(`/search?workspace_id=${world.workspaceId}${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const stranger = await h.user();
    expect((await h.as(stranger).get(`/search?workspace_id=${world.workspaceId}&q=x`)).statusCode).toBe(404);
  });

  it('escapes a snippet and keeps only its match marks', () => {
    expect(snippetHtml('a <b> & "c" \uE000d\uE001')).toBe('a &lt;b&gt; &amp; &quot;c&quot; <mark>d</mark>');
  });
});
