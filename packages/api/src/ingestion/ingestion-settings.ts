import type { HostLimits } from '@stackyard/db/host-limits';
import { enrichmentQueue, ingestionQueue } from '../jobs/queues.ts';
import type { IngestSettings } from './ingest-submission.ts';

// The ingestion jobs' settings, apart from the jobs: the server's configuration reads the defaults before it
// loads the app, and the jobs' module brings most of the ingestion pipeline with it.

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
  concurrency: ingestionQueue.concurrency,
  enrichmentConcurrency: enrichmentQueue.concurrency,
  hostLimits: { concurrency: 2, spacingMs: 50 },
  enrichBookmarks: true,
  pollMs: 1000,
  timeoutMs: ingestionQueue.timeoutMs,
  maxAttempts: ingestionQueue.maxAttempts,
  staleAfterMs: 30 * 24 * 3600 * 1000,
  allowlist: [],
  denyDomains: [],
};
