import type { Database } from '@stackyard/db/client';
import type { JobLog, JobWorker } from '@stackyard/db/job-queue';
import { createBookmarkImportWorker } from '../bookmarks/bookmarks.job.ts';
import { createIngestionWorker, type IngestionSettings } from '../ingestion/ingestion.job.ts';
import type { StoreContext } from '../store/store-context.ts';
import { createStoreSyncWorker } from '../store/store.job.ts';
import { combineWorkers } from './queue.ts';

export interface WorkerSettings {
  ingestion: IngestionSettings;
  /** The repository store (GitHub App client, sync timing), shared with the store's routes. */
  store: StoreContext;
}

/**
 * Every job worker of one process (ingestion, bookmark enrichment, bookmark import, repository sync),
 * controlled as one: the server starts them when it runs workers and stops them when it closes.
 */
export function createWorkers(
  db: Database,
  settings: WorkerSettings,
  log: JobLog & { info?(details: object, message: string): void },
): JobWorker {
  const { ingestion } = settings;
  return combineWorkers([
    createIngestionWorker(db, ingestion, log),
    createBookmarkImportWorker(
      db,
      {
        pollMs: ingestion.pollMs,
        enrich: ingestion.enrichBookmarks,
        enrichmentMaxAttempts: ingestion.maxAttempts,
      },
      log,
    ),
    createStoreSyncWorker(db, settings.store, log),
  ]);
}
