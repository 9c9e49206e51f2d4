// Bookmark imports through the API, for the tests of what an import does: start one, read it, wait for it.
import { bookmarkImportSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { expectStatus } from './catalog-fixtures.ts';
import type { Harness, TestUser } from './harness.ts';
import { readUntil } from './wait-for.ts';

/** The content type a browser's bookmarks export is uploaded with. */
export const BOOKMARKS_HTML = { 'content-type': 'text/html; charset=utf-8' };

/** POSTs `file` to the workspace's bookmark import as `user`; `query` is the URL's (`?file_name=…`). */
export function uploadBookmarks(api: Harness, user: TestUser, workspaceId: string, file: string, query = '') {
  return api.as(user).post(`/ingestion/bookmarks/workspace/${workspaceId}${query}`, file, {
    headers: BOOKMARKS_HTML,
  });
}

/** The import as `user` reads it. */
export async function bookmarkImport(api: Harness, user: TestUser, id: string): Promise<BookmarkImport> {
  return bookmarkImportSchema.parse(expectStatus(await api.as(user).get(`/ingestion/bookmarks/${id}`), 200));
}

/** Polls the import as `user` until it is no longer running, for `ms` at the most. */
export function finishedImport(api: Harness, user: TestUser, started: BookmarkImport, ms = 30_000) {
  return readUntil(
    `bookmark import ${started.id} to finish`,
    () => bookmarkImport(api, user, started.id),
    (found) => found.status !== 'running',
    ms,
  );
}
