import type { SkippedBookmark } from '@stackyard/contracts/bookmarks';
import type { Database } from '@stackyard/db/client';
import { createJobWorker, type ClaimedJob, type JobLog, type JobWorker } from '@stackyard/db/job-queue';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { inTransaction } from '../db.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { ENRICHMENT_QUEUE } from '../ingestion/ingestion.job.ts';
import {
  enqueueEnrichment,
  ensureTags,
  findBookmarkImport,
  finishBookmarkImport,
  insertBookmarkResources,
  recordProgress,
  resourcesByFingerprint,
  tagResources,
  trimImportPayload,
  type NewBookmarkResource,
} from './bookmarks.repo.ts';

// The import job: one per bookmarks file, on its own queue. The parsed bookmarks travel in the job's payload
// (the file itself is not kept). It works in batches, each one transaction that writes the resources, their
// tags, their enrichment jobs and the import's counters together, so a crash loses at most the batch in
// flight, and the retry resumes after the last batch written (imported + skipped tells how far it got).

export const BOOKMARK_IMPORT_QUEUE = 'bookmark-import';
export const BATCH_SIZE = 500;
/** Imported bookmarks get this tag colour (slate), to be changed like any tag's. */
export const FOLDER_TAG_COLOR = '#64748b';
const TAG_NAME_MAX = 50;
const URL_MAX = 2048;

/** One bookmark as the payload keeps it: url, title, description, tags, add date (epoch ms or 0). */
export type PayloadBookmark = [string, string, string | null, string[], number];

export interface BookmarkImportPayload {
  importId: string;
  bookmarks: PayloadBookmark[];
}

export interface BookmarkJobSettings {
  pollMs: number;
  /** Attempts of the background enrichment jobs the import enqueues. */
  enrichmentMaxAttempts: number;
  /** False: no enrichment jobs (the bookmarks stay as the file had them). */
  enrich: boolean;
}

export function tagName(name: string): string {
  return name.trim().slice(0, TAG_NAME_MAX).trim();
}

function payloadOf(job: ClaimedJob): BookmarkImportPayload {
  const payload = job.payload as Partial<BookmarkImportPayload> | null;
  if (!payload || typeof payload.importId !== 'string' || !Array.isArray(payload.bookmarks)) {
    throw new Error(`bookmark import job ${job.id} has no import`);
  }
  return { importId: payload.importId, bookmarks: payload.bookmarks };
}

function skipReason(url: string): SkippedBookmark['reason'] {
  if (url.length > URL_MAX) return 'too_long';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? 'invalid_url' : 'unsupported_scheme';
  } catch {
    return 'invalid_url';
  }
}

export async function runBookmarkImport(
  db: Database,
  settings: BookmarkJobSettings,
  payload: BookmarkImportPayload,
  signal: AbortSignal,
): Promise<void> {
  const started = await findBookmarkImport(db, payload.importId);
  if (!started || started.status !== 'running') return;
  const { workspaceId } = started;
  const names = new Set<string>();
  for (const [, , , tagNames] of payload.bookmarks) for (const name of tagNames) names.add(tagName(name));
  names.delete('');
  const tagIds = await ensureTags(db, workspaceId, [...names], FOLDER_TAG_COLOR);
  // Where the file was seen so far (this run): fingerprint → resource id.
  const seen = new Map<string, string>();

  // Resume after the batches a previous attempt wrote.
  let offset = started.imported + started.skipped.length;
  while (offset < payload.bookmarks.length) {
    signal.throwIfAborted();
    const batch = payload.bookmarks.slice(offset, offset + BATCH_SIZE);
    await inTransaction(db, async (tx) => {
      // In file order: [index in the batch, entry].
      const skipped: [number, SkippedBookmark][] = [];
      const fresh: NewBookmarkResource[] = [];
      const freshTags = new Map<string, string[]>();
      const duplicateTags: { fingerprint: string; tags: string[] }[] = [];
      const valid: { bookmark: PayloadBookmark; fingerprint: string; index: number }[] = [];
      batch.forEach((bookmark, index) => {
        const [url, title] = bookmark;
        const fingerprinted = url.length <= URL_MAX ? fingerprintUrl(url) : null;
        if (!fingerprinted?.ok) {
          skipped.push([index, { url: url.slice(0, URL_MAX), title, reason: skipReason(url) }]);
        } else {
          valid.push({ bookmark, fingerprint: fingerprinted.value.fingerprint, index });
        }
      });
      const existing = await resourcesByFingerprint(
        tx,
        workspaceId,
        valid.map((item) => item.fingerprint).filter((fingerprint) => !seen.has(fingerprint)),
      );
      let duplicates = 0;
      const indexOf = new Map<string, number>();
      for (const { bookmark, fingerprint, index } of valid) {
        const [url, title, description, tagNames, addDate] = bookmark;
        if (seen.has(fingerprint) || existing.has(fingerprint) || freshTags.has(fingerprint)) {
          duplicates++;
          skipped.push([index, { url, title, reason: 'duplicate' }]);
          // A bookmark filed twice (or already in the workspace) still gets this entry's folders as tags.
          duplicateTags.push({ fingerprint, tags: tagNames });
          continue;
        }
        freshTags.set(fingerprint, tagNames);
        indexOf.set(fingerprint, index);
        fresh.push({
          fingerprint,
          url,
          title: title || null,
          description,
          createdAt: addDate > 0 ? new Date(addDate) : new Date(),
        });
      }
      const inserted = await insertBookmarkResources(tx, workspaceId, fresh);
      for (const [fingerprint, id] of inserted) seen.set(fingerprint, id);
      for (const [fingerprint, id] of existing) seen.set(fingerprint, id);
      const links: { resourceId: string; tagId: string }[] = [];
      const link = (fingerprint: string, names: string[]) => {
        const resourceId = seen.get(fingerprint);
        if (!resourceId) return;
        for (const name of names) {
          const tagId = tagIds.get(tagName(name).toLowerCase());
          if (tagId) links.push({ resourceId, tagId });
        }
      };
      for (const [fingerprint, names] of freshTags) link(fingerprint, names);
      for (const { fingerprint, tags } of duplicateTags) link(fingerprint, tags);
      await tagResources(tx, links);
      if (settings.enrich) {
        await enqueueEnrichment(tx, {
          workspaceId,
          importId: started.id,
          userId: started.importedByUserId,
          queue: ENRICHMENT_QUEUE,
          maxAttempts: settings.enrichmentMaxAttempts,
          items: fresh.filter((item) => inserted.has(item.fingerprint)),
        });
      }
      // A resource a concurrent submission added between the lookup and the insert counts as a duplicate.
      const raced = fresh.filter((item) => !inserted.has(item.fingerprint));
      for (const item of raced) {
        skipped.push([
          indexOf.get(item.fingerprint) ?? 0,
          { url: item.url, title: item.title ?? '', reason: 'duplicate' },
        ]);
      }
      if (inserted.size > 0 || links.length > 0) await markWorkspaceChanged(tx, workspaceId);
      await recordProgress(tx, started.id, {
        imported: inserted.size,
        duplicates: duplicates + raced.length,
        skipped: skipped.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry),
      });
    });
    offset += batch.length;
  }
  await finishBookmarkImport(db, started.id, { status: 'completed' });
  await trimImportPayload(db, BOOKMARK_IMPORT_QUEUE, started.id);
}

export function createBookmarkImportWorker(
  db: Database,
  settings: BookmarkJobSettings,
  log: JobLog,
): JobWorker {
  return createJobWorker(db, {
    queue: BOOKMARK_IMPORT_QUEUE,
    concurrency: 1,
    pollMs: settings.pollMs,
    // A big file takes a while; a dead worker's import is still taken over after this (plus a margin).
    timeoutMs: 10 * 60_000,
    log,
    handler: (job, signal) => runBookmarkImport(db, settings, payloadOf(job), signal),
    onGiveUp: async (job, error) => {
      log.error({ jobId: job.id, err: error }, 'bookmark import failed');
      await finishBookmarkImport(db, payloadOf(job).importId, {
        status: 'failed',
        // Said to the member; the details are in the log.
        error: 'The import stopped because of an error on our side. The bookmarks imported so far are kept.',
      });
    },
  });
}
