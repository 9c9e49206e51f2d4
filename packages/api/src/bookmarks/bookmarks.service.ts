import type { BookmarkImport } from '@stackyard/contracts/bookmarks';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { JsonText } from '@stackyard/db/job-queue';
import { BookmarksFileError, writeBookmarksFile } from '@stackyard/ingestion/bookmarks-file';
import { compactBookmarksOffThread, type CompactBookmarks } from '@stackyard/ingestion/bookmarks-file-thread';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction } from '../db.ts';
import { bookmarkImportQueue, type IngestionQueue } from '../jobs/queues.ts';
import {
  findBookmarkImport,
  findBookmarkImportWorkspace,
  insertBookmarkImport,
  listBookmarkImports,
  resourcesForExport,
} from './bookmarks.repo.ts';

export const BOOKMARK_IMPORT_NOT_FOUND = 'Bookmark import not found';

/** The file in a worker thread; a file past the depth or entry limit is refused with the limit it passed. */
async function parseFile(file: Uint8Array, includePrivate: boolean): Promise<CompactBookmarks> {
  try {
    return await compactBookmarksOffThread(file, { includePrivate });
  } catch (error) {
    if (!(error instanceof BookmarksFileError)) throw error;
    throw new AppError(error.code === 'too_many' ? 'payload_too_large' : 'bad_request', error.message);
  }
}

/**
 * Editors and admins import a Netscape bookmarks file: it is parsed here, off the event loop (bounded by the
 * body limit, linear in its length), and the import row and its job are written together; the job adds the
 * resources in the background. A bookmarks file with no bookmarks (an export of an empty workspace) is an
 * import with nothing to do: completed at once, total 0, no job.
 */
export async function startBookmarkImport(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: { file: Uint8Array; fileName: string | null; includePrivate: boolean },
  queue: IngestionQueue | undefined,
): Promise<BookmarkImport> {
  const access = await authorize(db, actor, workspaceId, 'ingestion:submit');
  const bookmarks = await parseFile(input.file, input.includePrivate);
  const total = bookmarks.count + bookmarks.skipped.length;
  if (total === 0) {
    return insertBookmarkImport(db, access, { fileName: input.fileName, total, skipped: [], finished: true });
  }
  const row = await inTransaction(db, async (tx) => {
    // The private ones left out are in the report from the start (and in the total, so progress adds up).
    const created = await insertBookmarkImport(tx, access, {
      fileName: input.fileName,
      total,
      skipped: bookmarks.skipped,
      finished: false,
    });
    // The job's BookmarkImportPayload, written as text: its bookmarks are CompactBookmarks (the job's
    // PayloadBookmark), serialized by the parser's thread, megabytes this thread need not touch.
    const payload = new JsonText(`{"importId":${JSON.stringify(created.id)},"bookmarks":${bookmarks.json}}`);
    await bookmarkImportQueue.enqueueJson(tx, payload);
    return created;
  });
  queue?.wake();
  return row;
}

export async function listImports(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<BookmarkImport[]> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return listBookmarkImports(db, access);
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
  return row;
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
