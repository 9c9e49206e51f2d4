// Bookmarks files built to hurt: shapes that made the parser quadratic, values megabytes long, NUL bytes.
// The server keeps answering while it reads them, and refuses or trims them with a clear answer.
import http from 'node:http';
import { describe, expect } from 'vitest';
import { bookmarkImportSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { resourceListSchema, type Resource } from '@stackyard/contracts/resource';
import { BOOKMARK_VALUE_MAX } from '@stackyard/ingestion/bookmarks-file';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { BOOKMARKS_HTML, finishedImport, uploadBookmarks } from '@stackyard/testing/bookmark-imports';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { API, type Harness, type TestUser } from '@stackyard/testing/harness';

/**
 * apiTest with `imports`, the test's uploads of a file as a member of its workspace and their end as its
 * viewer reads it (a hostile file may take up to a minute).
 */
const test = apiTest().extend('imports', ({ api, world }) => ({
  upload: (user: TestUser, file: string) => uploadBookmarks(api, user, world.workspaceId, file),
  finished: (started: BookmarkImport) => finishedImport(api, world.viewer, started, 60_000),
}));

/** The doctype every exporter writes first: what makes the shapes below bookmarks files at all. */
const DOCTYPE = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n';

async function resourceAt(api: Harness, world: CatalogWorld, url: string): Promise<Resource | undefined> {
  const path = `/resources/workspace/${world.workspaceId}?limit=100`;
  const resources = resourceListSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200));
  return resources.find((resource) => resource.raw_submitted_url === url);
}

/**
 * POSTs the file to the workspace's import over real HTTP at `origin`; `sent` resolves once the whole body
 * is handed to the socket.
 */
function uploadOverHttp(origin: string, user: TestUser, workspaceId: string, file: string) {
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${origin}${API}/ingestion/bookmarks/workspace/${workspaceId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, ...BOOKMARKS_HTML },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(file, markSent);
  });
  return { sent, answered };
}

describe('a bookmarks file the old parser took minutes over', () => {
  test('is parsed off the event loop: /healthz keeps answering while the upload is read', async ({
    origin,
    world,
    imports: { finished },
  }) => {
    // 2.5 million unclosed tags (17.5 MB) and one bookmark. htmlparser2's Parser shifted an array that grew
    // by one element per tag (hours of CPU on the request's thread); now the file is read in one pass in a
    // worker thread.
    const file = `${DOCTYPE}<DL><p>${'<DT><p>'.repeat(2_500_000)}<DT><A HREF="https://deep.example/">Deep</A>`;
    const events: string[] = [];
    const { sent, answered } = uploadOverHttp(origin, world.editor, world.workspaceId, file);
    const settled = answered.then((response) => {
      events.push('upload');
      return response;
    });
    await sent;
    // Health checks one after the other, from the moment the whole file is on its way until the upload is
    // answered: with the parse on the event loop, none of them could be.
    let uploadDone = false;
    void settled.then(() => (uploadDone = true));
    while (!uploadDone) {
      const health = await fetch(`${origin}/healthz`);
      expect(health.status).toBe(200);
      if (!uploadDone) events.push('healthz');
    }
    const response = await settled;
    expect(response.status, response.body).toBe(202);
    expect(events.at(-1)).toBe('upload');
    expect(events.filter((event) => event === 'healthz').length).toBeGreaterThanOrEqual(5);
    const done = await finished(bookmarkImportSchema.parse(JSON.parse(response.body)));
    expect(done).toMatchObject({ status: 'completed', total: 1, imported: 1 });
  });

  test('refuses 100,000 nested folders with a 400 saying why', async ({ world, imports: { upload } }) => {
    const response = await upload(world.editor, DOCTYPE + '<DT><H3>x</H3><DL><p>'.repeat(100_000));
    expect(expectStatus<{ detail: string }>(response, 400).detail).toBe(
      'The bookmarks file nests folders more than 100 levels deep, which no browser export does. Check that it is a bookmarks export.',
    );
  });

  test('refuses more than 100,000 bookmarks with a 413 saying to split the file', async ({
    world,
    imports: { upload },
  }) => {
    const file = `${DOCTYPE}<DL><p>${'<DT><A HREF="https://a.example/">A</A>'.repeat(100_001)}`;
    expect(expectStatus<{ detail: string }>(await upload(world.editor, file), 413).detail).toBe(
      'The bookmarks file holds more than 100,000 bookmarks. Split it into smaller files and import them one by one.',
    );
  });
});

describe('values of an imported bookmark', () => {
  test('are cut to 10,000 characters on their whole length (a 5 MB title in one piece)', async ({
    api,
    world,
    imports: { upload, finished },
  }) => {
    const long = 'x'.repeat(5 * 1024 * 1024);
    const url = 'https://long.example/';
    const file = `${DOCTYPE}<DL><p><DT><A HREF="${url}" TAGS="${long}">${long}</A><DD>${long}</DL>`;
    const done = await finished(
      bookmarkImportSchema.parse(expectStatus(await upload(world.editor, file), 202)),
    );
    expect(done).toMatchObject({ status: 'completed', imported: 1 });
    const resource = await resourceAt(api, world, url);
    expect(resource?.metadata.extracted_title).toHaveLength(BOOKMARK_VALUE_MAX);
    expect(resource?.metadata.extracted_description).toHaveLength(BOOKMARK_VALUE_MAX);
  });

  test('lose NUL bytes from titles, descriptions and tags; a URL keeps it percent-encoded', async ({
    api,
    world,
    imports: { upload, finished },
  }) => {
    const file = `${DOCTYPE}<DL><p><DT><H3>Fol\0der</H3><DL><p>
      <DT><A HREF="https://nul.example/a\0b" TAGS="ta\0g">Ti\0tle</A><DD>Desc\0ription
      <DT><A HREF="https://nul\0host.example/">Bad host</A>
    </DL><p></DL>`;
    const done = await finished(
      bookmarkImportSchema.parse(expectStatus(await upload(world.editor, file), 202)),
    );
    expect(done).toMatchObject({ status: 'completed', total: 2, imported: 1 });
    expect(done.skipped).toEqual([
      { url: 'https://nul%00host.example/', title: 'Bad host', reason: 'invalid_url' },
    ]);
    const resource = await resourceAt(api, world, 'https://nul.example/a%00b');
    expect(resource?.metadata).toMatchObject({
      extracted_title: 'Title',
      extracted_description: 'Description',
    });
    const tags = expectStatus<{ tag_name: string }[]>(
      await api.as(world.viewer).get(`/resources/workspace/${resource?.workspace_resource_id}/tags`),
      200,
    );
    expect(tags.map((tag) => tag.tag_name).sort()).toEqual(['Folder', 'tag']);
  });
});
