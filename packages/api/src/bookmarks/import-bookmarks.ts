import type { SkippedBookmark } from '@stackyard/contracts/bookmarks';
import type { Database } from '@stackyard/db/client';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { grantHolds, type SystemGrant } from '../access/access.ts';
import { inTransaction, type Executor } from '../db.ts';
import { insertEnrichmentSubmissions } from '../ingestion/ingestion.repo.ts';
import { IMPORTER_LOST_ACCESS } from '../jobs/lost-access.ts';
import {
  bookmarkImportQueue,
  enrichmentQueue,
  type BookmarkImportPayload,
  type PayloadBookmark,
} from '../jobs/queues.ts';
import { systemGrant } from '../jobs/system-grant.ts';
import { insertResources, resourcesByFingerprint, type NewResource } from '../resources/resources.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { ensureTags, linkTags } from '../tags/tags.repo.ts';
import {
  findImportToRun,
  finishBookmarkImport,
  lockRunningImport,
  recordProgress,
  trimImportPayload,
  type BookmarkImportRow,
} from './bookmarks.repo.ts';

// The work of the import job (one per bookmarks file), acting for the member who started the import (a
// SystemGrant). The parsed bookmarks travel in the job's payload (the file itself is not kept). It works in
// batches, each one transaction that writes the resources, their tags, their enrichment jobs and the
// import's counters together, so a crash loses at most the batch in flight, and the retry resumes after the
// last batch written (imported + skipped tells how far it got). Each batch first asks whether the member may
// still write the workspace: one who may not gets the import failed, the batches written before staying.

export const BATCH_SIZE = 500;
/** Imported bookmarks get this tag colour (slate), to be changed like any tag's. */
export const FOLDER_TAG_COLOR = '#64748b';
const TAG_NAME_MAX = 50;
const URL_MAX = 2048;

export interface BookmarkImportSettings {
  /** Attempts of the background enrichment jobs the import enqueues. */
  enrichmentMaxAttempts: number;
  /** False: no enrichment jobs (the bookmarks stay as the file had them). */
  enrich: boolean;
}

/**
 * A folder or tag name as a tag (at most TAG_NAME_MAX characters): a longer one is cut at the last word
 * boundary that leaves room for an ellipsis, so the cut shows ("Notes from the conference on distributed…");
 * a single word longer than that is cut inside it, ellipsis too.
 */
export function tagName(name: string): string {
  const text = name.trim();
  if (text.length <= TAG_NAME_MAX) return text;
  let room = text.slice(0, TAG_NAME_MAX - 1);
  // Never half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\uD800-\uDBFF]$/.test(room)) room = room.slice(0, -1);
  const endsAtWord = /\s/.test(text.charAt(room.length));
  const lastSpace = room.search(/\s\S*$/);
  const cut = !endsAtWord && lastSpace >= TAG_NAME_MAX / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.trimEnd()}…`;
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
  settings: BookmarkImportSettings,
  payload: BookmarkImportPayload,
  signal: AbortSignal,
): Promise<void> {
  const started = await findImportToRun(db, payload.importId);
  if (!started) return;
  if (started.status === 'running') await importBookmarks(db, settings, payload, started, signal);
  // Finished, now or before (settled when its member lost access): the job no longer needs the file.
  await trimImportPayload(db, bookmarkImportQueue.name, started.id);
}

/**
 * Runs `write` in one transaction, only while the import is running and its member may still write the
 * catalog; a member who may not gets the import failed, saying why. Answers undefined when it did not run.
 * The membership is asked first and stays locked (grantHolds), then the import's row: the order in which a
 * membership change locks them.
 */
async function asImporter<T>(
  db: Database,
  grant: SystemGrant,
  importId: string,
  write: (tx: Executor) => Promise<T>,
): Promise<T | undefined> {
  return inTransaction(db, async (tx) => {
    if (!(await grantHolds(tx, grant, 'catalog:write'))) {
      await finishBookmarkImport(tx, importId, { status: 'failed', error: IMPORTER_LOST_ACCESS });
      return undefined;
    }
    // Settled meanwhile (its member lost access then got it back): it stays settled.
    if (!(await lockRunningImport(tx, importId))) return undefined;
    return write(tx);
  });
}

async function importBookmarks(
  db: Database,
  settings: BookmarkImportSettings,
  payload: BookmarkImportPayload,
  started: BookmarkImportRow,
  signal: AbortSignal,
): Promise<void> {
  const grant = systemGrant(started.workspaceId, started.importedByUserId);
  const names = new Set<string>();
  for (const [, , , tagNames] of payload.bookmarks) for (const name of tagNames) names.add(tagName(name));
  names.delete('');
  const tagIds = await asImporter(db, grant, started.id, (tx) =>
    ensureTags(tx, grant, [...names], FOLDER_TAG_COLOR),
  );
  if (!tagIds) return;
  // Where the file was seen so far (this run): fingerprint → resource id.
  const seen = new Map<string, string>();

  // Resume after the batches a previous attempt wrote (the private ones were skipped before the job, not in it).
  let offset = started.imported + started.skipped.filter((entry) => entry.reason !== 'private').length;
  while (offset < payload.bookmarks.length) {
    signal.throwIfAborted();
    const batch = payload.bookmarks.slice(offset, offset + BATCH_SIZE);
    const written = await asImporter(db, grant, started.id, async (tx) => {
      // In file order: [index in the batch, entry].
      const skipped: [number, SkippedBookmark][] = [];
      const fresh: NewResource[] = [];
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
        grant,
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
      const inserted = await insertResources(tx, grant, fresh);
      for (const [fingerprint, id] of inserted) seen.set(fingerprint, id);
      for (const [fingerprint, id] of existing) seen.set(fingerprint, id);
      const links: { itemId: string; tagId: string }[] = [];
      const link = (fingerprint: string, names: string[]) => {
        const itemId = seen.get(fingerprint);
        if (!itemId) return;
        for (const name of names) {
          const tagId = tagIds.get(tagName(name).toLowerCase());
          if (tagId) links.push({ itemId, tagId });
        }
      };
      for (const [fingerprint, names] of freshTags) link(fingerprint, names);
      for (const { fingerprint, tags } of duplicateTags) link(fingerprint, tags);
      await linkTags(tx, grant, 'resource', links);
      if (settings.enrich) {
        // A pending resource submission per new resource, each with its job on the enrichment queue.
        const enriched = fresh.filter((item) => inserted.has(item.fingerprint));
        const submissionIds = await insertEnrichmentSubmissions(tx, grant, started.id, enriched);
        // Each job names its link's host: the enrichment worker limits the fetches per host.
        await enrichmentQueue.enqueueMany(
          tx,
          submissionIds.map((submissionId) => ({ submissionId })),
          { maxAttempts: settings.enrichmentMaxAttempts, hosts: enriched.map((item) => hostOf(item.url)) },
        );
      }
      // A resource a concurrent submission added between the lookup and the insert counts as a duplicate.
      const raced = fresh.filter((item) => !inserted.has(item.fingerprint));
      for (const item of raced) {
        skipped.push([
          indexOf.get(item.fingerprint) ?? 0,
          { url: item.url, title: item.title ?? '', reason: 'duplicate' },
        ]);
      }
      if (inserted.size > 0 || links.length > 0) await markWorkspaceChanged(tx, grant.workspaceId);
      await recordProgress(tx, started.id, {
        imported: inserted.size,
        duplicates: duplicates + raced.length,
        skipped: skipped.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry),
      });
      return true;
    });
    if (!written) return;
    offset += batch.length;
  }
  await finishBookmarkImport(db, started.id, { status: 'completed' });
}

/** The queue gave the import up: the member is told, and keeps the bookmarks imported so far. */
export async function failBookmarkImport(db: Database, importId: string): Promise<void> {
  await finishBookmarkImport(db, importId, {
    status: 'failed',
    // Said to the member; the details are in the log.
    error: 'The import stopped because of an error on our side. The bookmarks imported so far are kept.',
  });
}

/** The host name of a link, lower-cased; null for what is not a URL (its job fails without a fetch). */
export function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).hostname.toLowerCase() : null;
}
