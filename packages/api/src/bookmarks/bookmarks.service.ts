import type { BookmarkImport } from '@stackyard/contracts/bookmarks';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { parseBookmarksFile, writeBookmarksFile } from '@stackyard/ingestion/bookmarks-file';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, iso } from '../db.ts';
import {
  bookmarkImportQueue,
  type BookmarkImportPayload,
  type IngestionQueue,
  type PayloadBookmark,
} from '../jobs/queues.ts';
import {
  findBookmarkImport,
  findBookmarkImportWorkspace,
  insertBookmarkImport,
  listBookmarkImports,
  resourcesForExport,
  type BookmarkImportRow,
} from './bookmarks.repo.ts';

export const BOOKMARK_IMPORT_NOT_FOUND = 'Bookmark import not found';
export const NOT_A_BOOKMARKS_FILE =
  'No bookmarks found in this file. Export your bookmarks from the browser (or Raindrop, Karakeep, linkding) as an HTML file and import that.';

/**
 * Editors and admins import a Netscape bookmarks file: it is parsed here (quick, bounded by the body limit),
 * and the import row and its job are written together; the job adds the resources in the background.
 */
export async function startBookmarkImport(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: { html: string; fileName: string | null },
  queue: IngestionQueue | undefined,
): Promise<BookmarkImport> {
  const access = await authorize(db, actor, workspaceId, 'ingestion:submit');
  const bookmarks = parseBookmarksFile(input.html);
  if (bookmarks.length === 0) throw new AppError('bad_request', NOT_A_BOOKMARKS_FILE);
  const row = await inTransaction(db, async (tx) => {
    const created = await insertBookmarkImport(tx, access, {
      fileName: input.fileName,
      total: bookmarks.length,
    });
    const payload: BookmarkImportPayload = {
      importId: created.id,
      bookmarks: bookmarks.map((bookmark): PayloadBookmark => [
        bookmark.url,
        bookmark.title,
        bookmark.description,
        [...bookmark.folders, ...bookmark.tags],
        bookmark.addDate?.getTime() ?? 0,
      ]),
    };
    await bookmarkImportQueue.enqueue(tx, payload);
    return created;
  });
  queue?.wake();
  return toBookmarkImport(row);
}

export async function listImports(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<BookmarkImport[]> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return (await listBookmarkImports(db, access)).map(toBookmarkImport);
}

/** An import's progress and report, for every member of its workspace. */
export async function getImport(db: Database, actor: Actor, id: string): Promise<BookmarkImport> {
  const workspaceId = await findBookmarkImportWorkspace(db, id);
  if (!workspaceId) throw new AppError('not_found', BOOKMARK_IMPORT_NOT_FOUND);
  try {
    await authorize(db, actor, workspaceId, 'catalog:read');
  } catch (error) {
    // A non-member learns nothing about someone else's import: the same 404 as for none.
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', BOOKMARK_IMPORT_NOT_FOUND);
    }
    throw error;
  }
  const row = await findBookmarkImport(db, id);
  if (!row) throw new AppError('not_found', BOOKMARK_IMPORT_NOT_FOUND);
  return toBookmarkImport(row);
}

/** Every member may export the workspace's resources as a bookmarks file, tags in the TAGS attribute. */
export async function exportBookmarks(db: Database, actor: Actor, workspaceId: string): Promise<string> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const rows = await resourcesForExport(db, access);
  return writeBookmarksFile(
    rows.map((row) => ({
      url: row.url,
      title: row.title,
      description: row.description,
      tags: row.tags,
      addDate: row.createdAt,
    })),
  );
}

export function toBookmarkImport(row: BookmarkImportRow): BookmarkImport {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    file_name: row.fileName,
    status: row.status as BookmarkImport['status'],
    total: row.total,
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    error: row.error,
    created_at: iso(row.createdAt),
    finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  };
}
