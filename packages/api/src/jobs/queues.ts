import type { CompactBookmark } from '@stackyard/ingestion/bookmarks-file';
import { z } from 'zod';
import { defineQueue } from '@stackyard/jobs/queue';
import { ENRICHMENT_QUEUE_POLICY, INGESTION_QUEUE_POLICY } from '../ingestion/ingestion-settings.ts';

// Every queue of the product, declared once: its name, payload and policy. Configuration may tune a
// deployment's concurrency, time limits and attempts (createWorkers); the names and payloads are fixed here.

/** One submission to read and complete. */
const submissionPayload = z.object({ submissionId: z.uuid() });

/** A member's submission (interactive: waited for on the submissions page). */
export const ingestionQueue = defineQueue({
  name: 'ingestion',
  payload: submissionPayload,
  ...INGESTION_QUEUE_POLICY,
});

/**
 * The enrichment of imported bookmarks: a queue of its own with its own worker, so thousands of them never
 * stand in front of a member's interactive submission.
 */
export const enrichmentQueue = defineQueue({
  name: 'ingestion-enrichment',
  payload: submissionPayload,
  ...ENRICHMENT_QUEUE_POLICY,
});

/** One bookmark as the payload keeps it: url, title, description, tags, add date (epoch ms or 0). */
const payloadBookmark = z.tuple([
  z.string(),
  z.string(),
  z.string().nullable(),
  z.array(z.string()),
  z.number(),
]);
export type PayloadBookmark = z.infer<typeof payloadBookmark>;
// The parser's thread serializes CompactBookmarks straight into this payload (bookmarks.service.ts): the two
// types must stay one.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
type Check<T extends true> = T;
export type PayloadIsCompactBookmark = Check<Same<CompactBookmark, PayloadBookmark>>;

/** One bookmarks file, parsed: the file itself is not kept. */
export const bookmarkImportQueue = defineQueue({
  name: 'bookmark-import',
  payload: z.object({ importId: z.uuid(), bookmarks: z.array(payloadBookmark) }),
  concurrency: 1,
  // A big file takes a while; a dead worker's import is still taken over after this (plus a margin).
  timeoutMs: 10 * 60_000,
  maxAttempts: 3,
});
export type BookmarkImportPayload = z.infer<typeof bookmarkImportQueue.payload>;

/** A linked workspace to write to its repository. */
export const storeSyncQueue = defineQueue({
  name: 'store-sync',
  payload: z.object({
    workspaceId: z.uuid(),
    /** When the first change of this batch was seen: a workspace edited without pause still syncs. */
    since: z.iso.datetime().optional(),
  }),
  concurrency: 1,
  timeoutMs: 120_000,
  maxAttempts: 8,
});
export type StoreSyncPayload = z.infer<typeof storeSyncQueue.payload>;

/**
 * One global tool's facts to refresh. `force`: even when they are younger than the max age (a
 * member's refresh); otherwise a fresh tool is skipped (after ingestion, another workspace's tool).
 */
export const factsQueue = defineQueue({
  name: 'tool-facts',
  payload: z.object({ toolId: z.uuid(), force: z.boolean().default(false) }),
  concurrency: 2,
  timeoutMs: 120_000,
  maxAttempts: 3,
});
export type FactsPayload = z.infer<typeof factsQueue.payload>;

/** What a service that enqueues ingestion needs of this process's workers. */
export interface IngestionQueue {
  /** The deployment's attempts per submission (INGESTION_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Tells the workers a job was just enqueued, so they need not wait for their next poll. */
  wake(): void;
}

/** One saved item's link to check (a workspace tool or a resource). */
export const linkHealthQueue = defineQueue({
  name: 'link-health',
  payload: z.object({ kind: z.enum(['tool', 'resource']), id: z.uuid() }),
  concurrency: 8,
  timeoutMs: 60_000,
  // A failed check is recorded as one, not retried: the next sweep is the retry.
  maxAttempts: 1,
});
