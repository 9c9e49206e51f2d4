import type { HostLimits } from '@stackyard/db/host-limits';
import type { IngestSettings } from './ingest-submission.ts';

// The ingestion jobs' settings, apart from the jobs and their queues: the server's configuration reads the
// defaults before it loads the app, and those modules bring most of the ingestion pipeline and the job queue's
// database code with them.

/** The policy of the queue of members' submissions (jobs/queues.ts declares the queue with it). */
export const INGESTION_QUEUE_POLICY = { concurrency: 4, timeoutMs: 60_000, maxAttempts: 5 };

/**
 * The enrichment of imported bookmarks mostly waits for remote pages, so its slots are many: with 2, a link
 * import from sites answering in 200 ms was enriched at 9 links a second; with 16, at 44 (PGlite) to 66
 * (PostgreSQL). Each host still gets at most INGESTION_HOST_CONCURRENCY at once.
 */
export const ENRICHMENT_QUEUE_POLICY = { concurrency: 16, timeoutMs: 60_000, maxAttempts: 5 };

export interface IngestionSettings extends IngestSettings {
  concurrency: number;
  /** Jobs of the background enrichment queue (imported bookmarks) run at once, besides `concurrency`. */
  enrichmentConcurrency: number;
  /** Politeness of the enrichment queue: its jobs fetching from one host at once, and their least spacing. */
  hostLimits: HostLimits;
  /** Whether a bookmark import enqueues the background enrichment of the resources it adds. */
  enrichBookmarks: boolean;
  pollMs: number;
  /** One attempt's time limit (the fetcher's own total timeout is shorter). */
  timeoutMs: number;
  maxAttempts: number;
  /** Delay before the retry after attempt n; the queue's default when not given. */
  backoffMs?: (attempt: number) => number;
}

export const DEFAULT_INGESTION_SETTINGS: IngestionSettings = {
  concurrency: INGESTION_QUEUE_POLICY.concurrency,
  enrichmentConcurrency: ENRICHMENT_QUEUE_POLICY.concurrency,
  hostLimits: { concurrency: 2, spacingMs: 50 },
  enrichBookmarks: true,
  pollMs: 1000,
  timeoutMs: INGESTION_QUEUE_POLICY.timeoutMs,
  maxAttempts: INGESTION_QUEUE_POLICY.maxAttempts,
  staleAfterMs: 30 * 24 * 3600 * 1000,
  allowlist: [],
  denyDomains: [],
};
