import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { bookmarkImportListSchema, bookmarkImportSchema } from '@stackyard/contracts/bookmarks';
import { resourceListSchema, type Resource } from '@stackyard/contracts/resource';
import { tagListSchema } from '@stackyard/contracts/tag';
import { parseBookmarksFile } from '@stackyard/ingestion/bookmarks-file-reader';
import { BOOKMARKS_HTML, finishedImport, uploadBookmarks } from '@stackyard/testing/bookmark-imports';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { ingestionTest } from '@stackyard/testing/ingestion-harness';
import { BOOKMARKS_FILE_TOO_LARGE } from './bookmarks.routes.ts';

const upload = (api: Harness, user: TestUser, workspaceId: string, file: string, name = 'bookmarks.html') =>
  uploadBookmarks(api, user, workspaceId, file, `?file_name=${encodeURIComponent(name)}`);

async function resourcesOf(api: Harness, user: TestUser, workspaceId: string): Promise<Resource[]> {
  const path = `/resources/workspace/${workspaceId}?limit=100&sort=name`;
  return resourceListSchema.parse(expectStatus(await api.as(user).get(path), 200));
}

async function tagNamesOf(api: Harness, user: TestUser, resourceId: string): Promise<string[]> {
  const path = `/resources/workspace/${resourceId}/tags`;
  return tagListSchema
    .parse(expectStatus(await api.as(user).get(path), 200))
    .map((tag) => tag.tag_name)
    .sort();
}

const test = ingestionTest()
  // The test's world once its editor imported the Chrome export of the fixture site and the import finished.
  .extend('imported', async ({ api, site, world }) => {
    const response = await upload(api, world.editor, world.workspaceId, chromeExport(site.origin));
    await finishedImport(api, world.viewer, bookmarkImportSchema.parse(expectStatus(response, 202)));
    return world;
  });

/** A Chrome-style export: toolbar root, nested folders, a duplicate, bad URLs, entities. */
function chromeExport(origin: string): string {
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="${origin}/tool" ADD_DATE="1700000000">Rocket &amp; Engine</A>
        <DT><H3>Frontend</H3>
        <DL><p>
            <DT><A HREF="${origin}/twitter" ADD_DATE="1700000100">Twitter card page</A>
            <DD>Saved for the cards
            <DT><H3>CSS</H3>
            <DL><p>
                <DT><A HREF="${origin}/json-ld">JSON-LD &lt;b&gt;page&lt;/b&gt;</A>
            </DL><p>
            <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
            <DT><A HREF="not a url">Broken</A>
        </DL><p>
        <DT><H3>Reading</H3>
        <DL><p>
            <DT><A HREF="${origin}/twitter?utm_source=feed#top">Twitter card again</A>
        </DL><p>
    </DL><p>
    <DT><A HREF="place:sort=8&maxResults=10">Recent</A>
</DL><p>
`;
}

describe('bookmark import', () => {
  test('imports bookmarks as resources, folders as tags, and reports what it skipped and why', async ({
    api,
    site,
    world,
  }) => {
    const response = await upload(
      api,
      world.editor,
      world.workspaceId,
      chromeExport(site.origin),
      'Chrome bookmarks.html',
    );
    const started = bookmarkImportSchema.parse(expectStatus(response, 202));
    expect(started).toMatchObject({
      workspace_id: world.workspaceId,
      file_name: 'Chrome bookmarks.html',
      status: 'running',
      total: 7,
      finished_at: null,
    });
    const done = await finishedImport(api, world.viewer, started);
    expect(done).toMatchObject({ status: 'completed', total: 7, imported: 3, duplicates: 1, error: null });
    expect(done.finished_at).not.toBeNull();
    expect(done.skipped).toEqual([
      { url: 'javascript:alert(1)', title: 'Bookmarklet', reason: 'unsupported_scheme' },
      { url: 'not a url', title: 'Broken', reason: 'invalid_url' },
      {
        url: `${site.origin}/twitter?utm_source=feed#top`,
        title: 'Twitter card again',
        reason: 'duplicate',
      },
      { url: 'place:sort=8&maxResults=10', title: 'Recent', reason: 'unsupported_scheme' },
    ]);

    const resources = await resourcesOf(api, world.viewer, world.workspaceId);
    expect(resources.map((resource) => resource.metadata.extracted_title)).toEqual([
      'JSON-LD <b>page</b>',
      'Rocket & Engine',
      'Twitter card page',
    ]);
    const byTitle = new Map(resources.map((resource) => [resource.metadata.extracted_title, resource]));
    const twitter = byTitle.get('Twitter card page');
    expect(twitter?.metadata.extracted_description).toBe('Saved for the cards');
    // The bookmark filed twice gets the folders of both places.
    expect(await tagNamesOf(api, world.viewer, twitter?.workspace_resource_id ?? '')).toEqual([
      'Frontend',
      'Reading',
    ]);
    expect(
      await tagNamesOf(api, world.viewer, byTitle.get('JSON-LD <b>page</b>')?.workspace_resource_id ?? ''),
    ).toEqual(['CSS', 'Frontend']);
    // The toolbar is where a bookmark was shown, not what it is about: no tag.
    expect(
      await tagNamesOf(api, world.viewer, byTitle.get('Rocket & Engine')?.workspace_resource_id ?? ''),
    ).toEqual([]);
    const tags = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tags?workspace_id=${world.workspaceId}`), 200),
    );
    expect(tags.map((tag) => tag.tag_name).sort()).toEqual(['CSS', 'Frontend', 'Reading']);

    // The finished import's job no longer carries the parsed file.
    const jobs = await api.db.rows<{ payload: { bookmarks: unknown[] } }>(
      sql`select payload from jobs where queue = 'bookmark-import' and payload->>'importId' = ${started.id}`,
    );
    expect(jobs.map((job) => job.payload.bookmarks)).toEqual([[]]);

    const list = bookmarkImportListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/ingestion/bookmarks/workspace/${world.workspaceId}`),
        200,
      ),
    );
    expect(list[0]?.id).toBe(started.id);
  });

  test('enriches the imported resources in the background, keeping the bookmark titles', async ({
    api,
    imported: world,
  }) => {
    const deadline = Date.now() + 20_000;
    let resources: Resource[];
    for (;;) {
      resources = await resourcesOf(api, world.viewer, world.workspaceId);
      if (resources.every((resource) => resource.metadata.extracted_image)) break;
      if (Date.now() > deadline) throw new Error('enrichment did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rocket = resources.find((resource) => resource.raw_submitted_url.endsWith('/tool'));
    expect(rocket?.metadata.extracted_title).toBe('Rocket & Engine');
    expect(rocket?.metadata.extracted_description).toBeTruthy();
    // Enrichment is background work, not something a member submitted: the submissions list leaves it out.
    const submissions = expectStatus<unknown[]>(
      await api.as(world.viewer).get(`/ingestion/resources/workspace/${world.workspaceId}`),
      200,
    );
    expect(submissions).toEqual([]);
  });

  test('skips what the workspace already has when the same file is imported again', async ({
    api,
    site,
    imported: world,
  }) => {
    const again = await finishedImport(
      api,
      world.viewer,
      bookmarkImportSchema.parse(
        expectStatus(await upload(api, world.owner, world.workspaceId, chromeExport(site.origin)), 202),
      ),
    );
    expect(again).toMatchObject({ status: 'completed', total: 7, imported: 0, duplicates: 4 });
    expect(again.skipped.filter((entry) => entry.reason === 'duplicate')).toHaveLength(4);
    expect(await resourcesOf(api, world.viewer, world.workspaceId)).toHaveLength(3);
  });

  test('refuses a file that is no bookmarks file, a viewer, an outsider and a file over 20 MB', async ({
    api,
    site,
    world,
  }) => {
    const page = await upload(api, world.editor, world.workspaceId, '<html><body>Nothing here</body></html>');
    expect(expectStatus<{ detail: string }>(page, 400).detail).toMatch(
      /^This file is not a bookmarks file\./,
    );
    expectStatus(await upload(api, world.viewer, world.workspaceId, chromeExport(site.origin)), 403);
    expectStatus(await upload(api, await api.user(), world.workspaceId, chromeExport(site.origin)), 404);
    const huge = await upload(api, world.editor, world.workspaceId, 'a'.repeat(20 * 1024 * 1024 + 1));
    const problem = expectStatus<{ detail: string }>(huge, 413);
    expect(problem.detail).toBe(BOOKMARKS_FILE_TOO_LARGE);
    const form = await api
      .as(world.editor)
      .post(`/ingestion/bookmarks/workspace/${world.workspaceId}`, 'a=b', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expectStatus(form, 415);
  });

  test('imports a bookmark with 22,000 distinct tags (more bind parameters than one statement takes)', async ({
    api,
    world: own,
  }) => {
    const names = Array.from({ length: 22_000 }, (_, index) => `tag-${index}`);
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
      <DT><A HREF="https://example.com/many-tags" TAGS="${names.join(',')}">Many tags</A>
    </DL><p>`;
    const done = await finishedImport(
      api,
      own.viewer,
      bookmarkImportSchema.parse(expectStatus(await upload(api, own.editor, own.workspaceId, file), 202)),
      // 22,000 tags and links, each with its foreign-key checks: seconds on the embedded database.
      100_000,
    );
    expect(done).toMatchObject({ status: 'completed', total: 1, imported: 1, skipped: [], error: null });
    // The export lists every tag the bookmark got.
    const exported = await api.as(own.viewer).get(`/resources/workspace/${own.workspaceId}/export`);
    const [entry] = parseBookmarksFile(exported.body);
    expect(entry?.url).toBe('https://example.com/many-tags');
    expect(new Set(entry?.tags)).toEqual(new Set(names));
  }, 120_000);

  test('skips PRIVATE="1" bookmarks with reason private, unless the import includes them', async ({
    api,
    world: own,
  }) => {
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
    <DT><A HREF="https://example.com/shared" PRIVATE="0">Shared</A>
    <DT><A HREF="https://example.com/mine" PRIVATE="1">Mine</A>
    <DD>Only for me
</DL><p>`;
    const skipped = await finishedImport(
      api,
      own.viewer,
      bookmarkImportSchema.parse(expectStatus(await upload(api, own.editor, own.workspaceId, file), 202)),
    );
    expect(skipped).toMatchObject({ status: 'completed', total: 2, imported: 1, duplicates: 0 });
    expect(skipped.skipped).toEqual([{ url: 'https://example.com/mine', title: 'Mine', reason: 'private' }]);
    expect(
      (await resourcesOf(api, own.viewer, own.workspaceId)).map((item) => item.raw_submitted_url),
    ).toEqual(['https://example.com/shared']);

    const included = await api
      .as(own.editor)
      .post(`/ingestion/bookmarks/workspace/${own.workspaceId}?include_private=true`, file, {
        headers: BOOKMARKS_HTML,
      });
    const done = await finishedImport(
      api,
      own.viewer,
      bookmarkImportSchema.parse(expectStatus(included, 202)),
    );
    expect(done).toMatchObject({ status: 'completed', total: 2, imported: 1, duplicates: 1 });
    const mine = (await resourcesOf(api, own.viewer, own.workspaceId)).find((item) =>
      item.raw_submitted_url.endsWith('/mine'),
    );
    expect(mine?.metadata.extracted_description).toBe('Only for me');
    const bad = await api
      .as(own.editor)
      .post(`/ingestion/bookmarks/workspace/${own.workspaceId}?include_private=yes`, file, {
        headers: BOOKMARKS_HTML,
      });
    expect(expectStatus<{ detail: string }>(bad, 400).detail).toContain('Must be true or false');
  });

  test('reads the uploaded bytes in the charset the file declares', async ({ api, world: own }) => {
    const latin1 = Buffer.from(
      `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=ISO-8859-1">
<DL><p>
    <DT><H3>Caf\u00e9s</H3>
    <DL><p><DT><A HREF="https://example.com/creme">Cr\u00e8me br\u00fbl\u00e9e</A></DL><p>
</DL><p>`,
      'latin1',
    );
    const response = await api
      .as(own.editor)
      .post(`/ingestion/bookmarks/workspace/${own.workspaceId}`, latin1, {
        headers: { 'content-type': 'text/html' },
      });
    await finishedImport(api, own.viewer, bookmarkImportSchema.parse(expectStatus(response, 202)));
    const [creme] = await resourcesOf(api, own.viewer, own.workspaceId);
    expect(creme?.metadata.extracted_title).toBe('Cr\u00e8me br\u00fbl\u00e9e');
    expect(await tagNamesOf(api, own.viewer, creme?.workspace_resource_id ?? '')).toEqual(['Caf\u00e9s']);
  });

  test('hides an import from non-members', async ({ api, imported: world }) => {
    const [latest] = bookmarkImportListSchema.parse(
      expectStatus(
        await api.as(world.viewer).get(`/ingestion/bookmarks/workspace/${world.workspaceId}`),
        200,
      ),
    );
    const hidden = await api.as(await api.user()).get(`/ingestion/bookmarks/${latest?.id}`);
    expect(expectStatus<{ detail: string }>(hidden, 404).detail).toBe('Bookmark import not found');
  });
});

describe('bookmark export', () => {
  test('exports the resources as a bookmarks file, escaped, and imports back the same', async ({
    api,
    world: source,
  }) => {
    const tricky = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
      <DT><H3>Tags &amp; "quotes"</H3>
      <DL><p>
        <DT><A HREF="https://example.com/a?x=1&amp;y=&quot;2&quot;" ADD_DATE="1600000000">&lt;script&gt;alert("x")&lt;/script&gt; &amp; more</A>
        <DD>Line one &lt;i&gt;two&lt;/i&gt;
        <DT><A HREF="https://example.com/b" TAGS="plain,Tags &amp; &quot;quotes&quot;">B's page</A>
      </DL><p>
      <DT><A HREF="https://example.com/untitled"></A>
    </DL><p>`;
    const imported = await finishedImport(
      api,
      source.viewer,
      bookmarkImportSchema.parse(
        expectStatus(await upload(api, source.editor, source.workspaceId, tricky), 202),
      ),
    );
    expect(imported).toMatchObject({ status: 'completed', imported: 3 });

    const response = await api.as(source.viewer).get(`/resources/workspace/${source.workspaceId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stackyard-bookmarks-[\d-]+\.html"$/,
    );
    const file = response.body;
    expect(file.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(file).not.toContain('<script>');
    expect(file).toContain('&lt;script&gt;alert("x")&lt;/script&gt; &amp; more');
    expect(file).toContain('HREF="https://example.com/a?x=1&amp;y=&quot;2&quot;"');
    expect(file).toContain('ADD_DATE="1600000000"');

    // Parsed back, the file says what the workspace holds.
    const parsed = parseBookmarksFile(file);
    expect(
      parsed.map((entry) => [entry.url, entry.title, entry.description, entry.tags.sort()]).sort(),
    ).toEqual(
      [
        [
          'https://example.com/a?x=1&y="2"',
          '<script>alert("x")</script> & more',
          'Line one <i>two</i>',
          ['Tags & "quotes"'],
        ],
        ['https://example.com/b', "B's page", null, ['Tags & "quotes"', 'plain']],
        ['https://example.com/untitled', '', null, []],
      ].sort(),
    );

    // And imported into another workspace, it makes the same resources with the same tags.
    const target = await catalogWorld(api);
    const roundTrip = await finishedImport(
      api,
      target.viewer,
      bookmarkImportSchema.parse(
        expectStatus(await upload(api, target.editor, target.workspaceId, file), 202),
      ),
    );
    expect(roundTrip).toMatchObject({ status: 'completed', imported: 3, skipped: [] });
    const summary = async (world: CatalogWorld) =>
      Promise.all(
        (await resourcesOf(api, world.viewer, world.workspaceId)).map(async (resource) => [
          resource.raw_submitted_url,
          resource.metadata.extracted_description,
          await tagNamesOf(api, world.viewer, resource.workspace_resource_id),
        ]),
      );
    expect((await summary(target)).sort()).toEqual((await summary(source)).sort());
  });

  test('is for members only', async ({ api, world }) => {
    expectStatus(await api.as(await api.user()).get(`/resources/workspace/${world.workspaceId}/export`), 404);
    const empty = await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}/export`);
    expect(parseBookmarksFile(empty.body)).toEqual([]);
  });
});
