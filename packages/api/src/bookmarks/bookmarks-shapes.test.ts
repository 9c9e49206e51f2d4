// Bookmarks files of the shapes people upload that the import once misread, imported through the API: what
// the member sees in the workspace afterwards.
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { bookmarkImportSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { resourceListSchema, type Resource } from '@stackyard/contracts/resource';
import { tagListSchema } from '@stackyard/contracts/tag';
import {
  closedDescriptions,
  duplicateWithNotes,
  hashRoutes,
  safariExport,
  wikipediaArticle,
} from '@stackyard/ingestion/testing/bookmark-file-shapes';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

function upload(api: Harness, world: CatalogWorld, file: string) {
  return api.as(world.editor).post(`/ingestion/bookmarks/workspace/${world.workspaceId}`, file, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

async function imported(api: Harness, world: CatalogWorld, file: string): Promise<BookmarkImport> {
  const started = bookmarkImportSchema.parse(expectStatus(await upload(api, world, file), 202));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = bookmarkImportSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/ingestion/bookmarks/${started.id}`), 200),
    );
    if (found.status !== 'running') return found;
    if (Date.now() > deadline) throw new Error('import still running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function resourcesOf(api: Harness, world: CatalogWorld): Promise<Resource[]> {
  return resourceListSchema.parse(
    expectStatus(await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}?limit=100`), 200),
  );
}

async function tagNames(
  api: Harness,
  world: CatalogWorld,
  resource: Resource | undefined,
): Promise<string[]> {
  const path = `/resources/workspace/${resource?.workspace_resource_id ?? 'none'}/tags`;
  const tags = tagListSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200));
  return tags.map((tag) => tag.tag_name).sort();
}

describe('importing bookmarks files of real shapes', () => {
  test('refuses a saved web page with <dl> lists of links with a 400 saying what a bookmarks file is', async ({
    api,
    world,
  }) => {
    const refused = expectStatus<{ detail: string }>(await upload(api, world, wikipediaArticle), 400);
    expect(refused.detail).toMatch(/^This file is not a bookmarks file\. A bookmarks file is the HTML file/);
    expect(refused.detail).toContain("a browser's bookmark manager exports");
    expect(await resourcesOf(api, world)).toEqual([]);
  });

  test("imports the product's own export of an empty workspace as nothing to import, not an error", async ({
    api,
    world,
  }) => {
    const exported = await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}/export`);
    const started = bookmarkImportSchema.parse(expectStatus(await upload(api, world, exported.body), 202));
    expect(started).toMatchObject({ status: 'completed', total: 0, imported: 0, skipped: [], error: null });
    expect(started.finished_at).not.toBeNull();
    const jobs = await api.db.rows<{ id: string }>(
      sql`select id from jobs where queue = 'bookmark-import' and payload->>'importId' = ${started.id}`,
    );
    expect(jobs).toEqual([]);
  });

  test('imports hash routes as resources of their own and merges anchors of one page', async ({
    api,
    world,
  }) => {
    const done = await imported(api, world, hashRoutes);
    expect(done).toMatchObject({ status: 'completed', total: 5, imported: 4, duplicates: 1 });
    expect(done.skipped).toEqual([
      { url: 'https://docs.example/guide#usage', title: 'Usage', reason: 'duplicate' },
    ]);
    expect((await resourcesOf(api, world)).map((resource) => resource.raw_submitted_url).sort()).toEqual([
      'https://docs.example/guide#install',
      'https://mail.example/#/inbox',
      'https://mail.example/#/sent',
      'https://old.example/#!/settings',
    ]);
  });

  test('keeps both descriptions of a URL filed twice, joined, and the folders of both as tags', async ({
    api,
    world,
  }) => {
    const done = await imported(api, world, duplicateWithNotes);
    expect(done).toMatchObject({ status: 'completed', total: 4, imported: 1, duplicates: 3 });
    const [docs] = await resourcesOf(api, world);
    expect(docs?.metadata.extracted_description).toBe('The manual\n\nChapter 13 on concurrency');
    expect(await tagNames(api, world, docs)).toEqual(['Databases', 'Reading']);
  });

  test('keeps a bookmark written after </DD> without a <DT>', async ({ api, world }) => {
    expect(await imported(api, world, closedDescriptions)).toMatchObject({
      status: 'completed',
      imported: 3,
    });
    const second = (await resourcesOf(api, world)).find((resource) =>
      resource.raw_submitted_url.startsWith('https://second.example'),
    );
    expect(second?.metadata.extracted_description).toBe('About the second');
  });

  test("makes no tag of Safari's Reading List", async ({ api, world }) => {
    expect(await imported(api, world, safariExport)).toMatchObject({ status: 'completed', imported: 4 });
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tags?workspace_id=${world.workspaceId}`), 200),
    );
    expect(tags.map((tag) => tag.tag_name)).toEqual(['Work']);
  });

  test('cuts a folder name longer than 50 characters at a word boundary, with an ellipsis', async ({
    api,
    world,
  }) => {
    const long = 'Notes from the conference on distributed systems and databases, 2024';
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung';
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3>${long}</H3>
<DL><p><DT><A HREF="https://talks.example/1">Talk</A></DL><p>
<DT><H3>${word}</H3>
<DL><p><DT><A HREF="https://words.example/1">Word</A></DL><p>
</DL><p>`;
    expect(await imported(api, world, file)).toMatchObject({ status: 'completed', imported: 2 });
    const byUrl = new Map((await resourcesOf(api, world)).map((item) => [item.raw_submitted_url, item]));
    expect(await tagNames(api, world, byUrl.get('https://talks.example/1'))).toEqual([
      'Notes from the conference on distributed systems…',
    ]);
    expect(await tagNames(api, world, byUrl.get('https://words.example/1'))).toEqual([
      `${word.slice(0, 49)}…`,
    ]);
  });
});
