import { and, desc, eq, sql } from 'drizzle-orm';
import { bookmarkImports } from '@stackyard/db/schema';
import type { BookmarkImport, SkippedBookmark } from '@stackyard/contracts/bookmarks';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { isoText, isoTextOrNull, type Executor } from '../db.ts';

export type BookmarkImportRow = typeof bookmarkImports.$inferSelect;

// An import as the API answers it.
const columns = {
  id: bookmarkImports.id,
  workspace_id: bookmarkImports.workspaceId,
  file_name: bookmarkImports.fileName,
  status: bookmarkImports.status,
  total: bookmarkImports.total,
  imported: bookmarkImports.imported,
  duplicates: bookmarkImports.duplicates,
  skipped: bookmarkImports.skipped,
  error: bookmarkImports.error,
  created_at: isoText(bookmarkImports.createdAt),
  finished_at: isoTextOrNull(bookmarkImports.finishedAt),
};

const LIST_MAX = 20;

/** A new import, running; `finished`: one with nothing to do, completed as it is written. */
export async function insertBookmarkImport(
  db: Executor,
  access: Authorized<'ingestion:submit'>,
  input: { fileName: string | null; total: number; skipped: SkippedBookmark[]; finished: boolean },
): Promise<BookmarkImport> {
  const [row] = await db
    .insert(bookmarkImports)
    .values({
      workspaceId: access.workspaceId,
      importedByUserId: access.userId,
      fileName: input.fileName,
      total: input.total,
      skipped: input.skipped,
      ...(input.finished ? { status: 'completed' as const, finishedAt: sql`now()` } : {}),
    })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The workspace's imports, newest first (the (workspace_id, created_at) index). */
export function listBookmarkImports(db: Executor, access: CatalogReader): Promise<BookmarkImport[]> {
  return db
    .select(columns)
    .from(bookmarkImports)
    .where(eq(bookmarkImports.workspaceId, access.workspaceId))
    .orderBy(desc(bookmarkImports.createdAt), desc(bookmarkImports.id))
    .limit(LIST_MAX);
}

export async function findBookmarkImportWorkspace(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: bookmarkImports.workspaceId })
    .from(bookmarkImports)
    .where(eq(bookmarkImports.id, id));
  return row?.workspaceId ?? null;
}

export async function findBookmarkImport(db: Executor, id: string): Promise<BookmarkImport | undefined> {
  const [row] = await db.select(columns).from(bookmarkImports).where(eq(bookmarkImports.id, id));
  return row;
}

/** The whole row, for the import's job. */
export async function findImportToRun(db: Executor, id: string): Promise<BookmarkImportRow | undefined> {
  const [row] = await db.select().from(bookmarkImports).where(eq(bookmarkImports.id, id));
  return row;
}

/**
 * Fails the member's running imports, in one workspace or, with none named (a deleted account), in every
 * one: the member can no longer write there (`error` says so). What the imports wrote so far stays.
 */
export async function failImportsOf(
  db: Executor,
  userId: string,
  workspaceId: string | undefined,
  error: string,
): Promise<void> {
  await db
    .update(bookmarkImports)
    .set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookmarkImports.importedByUserId, userId),
        workspaceId === undefined ? undefined : eq(bookmarkImports.workspaceId, workspaceId),
        eq(bookmarkImports.status, 'running'),
      ),
    );
}

// What follows is written by the import job; every statement keeps to the import's own row.

/** Adds one batch's outcome to the import's counters and report. */
export async function recordProgress(
  db: Executor,
  id: string,
  progress: { imported: number; duplicates: number; skipped: readonly SkippedBookmark[] },
): Promise<void> {
  await db
    .update(bookmarkImports)
    .set({
      imported: sql`${bookmarkImports.imported} + ${progress.imported}`,
      duplicates: sql`${bookmarkImports.duplicates} + ${progress.duplicates}`,
      skipped: sql`${bookmarkImports.skipped} || ${JSON.stringify(progress.skipped)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookmarkImports.id, id));
}

export async function finishBookmarkImport(
  db: Executor,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(bookmarkImports)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bookmarkImports.id, id), eq(bookmarkImports.status, 'running')));
}

/** Whether the import is still running; its row then stays locked until the transaction ends. */
export async function lockRunningImport(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: bookmarkImports.id })
    .from(bookmarkImports)
    .where(and(eq(bookmarkImports.id, id), eq(bookmarkImports.status, 'running')))
    .for('update');
  return rows.length > 0;
}

/**
 * Drops the parsed file from a finished import's job row (it may be megabytes, and finished job rows stay):
 * the job is still running here, which keeps the lookup on the queue's small partial index.
 */
export async function trimImportPayload(db: Executor, queue: string, importId: string): Promise<void> {
  await db.execute(sql`
    update jobs set payload = jsonb_build_object('importId', ${importId}::text, 'bookmarks', '[]'::jsonb)
    where queue = ${queue} and state = 'running' and payload->>'importId' = ${importId}`);
}

export interface ExportRow {
  url: string;
  title: string | null;
  description: string | null;
  createdAt: Date;
  tags: string[];
}

/** Every resource of the workspace with its tag names, newest first. */
export async function resourcesForExport(db: Executor, access: CatalogReader): Promise<ExportRow[]> {
  const result = (await db.execute(sql`
    select r.raw_submitted_url as url, r.extracted_title as title, r.extracted_description as description,
      r.created_at as created_at,
      coalesce(array_agg(t.name order by lower(t.name)) filter (where t.id is not null), '{}') as tags
    from resources r
    left join resource_tags rt on rt.resource_id = r.id
    left join tags t on t.id = rt.tag_id
    where r.workspace_id = ${access.workspaceId}
    group by r.id
    order by r.created_at desc, r.id desc`)) as {
    rows: {
      url: string;
      title: string | null;
      description: string | null;
      created_at: Date | string;
      tags: string[] | string;
    }[];
  };
  return result.rows.map((row) => ({
    url: row.url,
    title: row.title,
    description: row.description,
    createdAt: new Date(row.created_at),
    tags: Array.isArray(row.tags) ? row.tags : [],
  }));
}
