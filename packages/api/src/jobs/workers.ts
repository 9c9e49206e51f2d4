import type { Database } from '@stackyard/db/client';
import type { JobLog, JobWorker } from '@stackyard/db/job-queue';
import { createBookmarkImportWorker } from '../bookmarks/bookmarks.job.ts';
import type { FactsContext } from '../facts/facts-context.ts';
import { createFactsWorker } from '../facts/facts.job.ts';
import type { HealthSettings } from '../health/health-context.ts';
import { createHealthWorker } from '../health/health.job.ts';
import { createIngestionWorker } from '../ingestion/ingestion.job.ts';
import type { IngestionSettings } from '../ingestion/ingestion-settings.ts';
import type { StoreContext } from '../store/store-context.ts';
import { createStoreSyncWorker } from '../store/store.job.ts';
import { combineWorkers } from '@stackyard/jobs/queue';

export interface WorkerSettings {
  ingestion: IngestionSettings;
  /** The repository store (GitHub App client, sync timing), shared with the store's routes. */
  store: StoreContext;
  /** Tool facts: upstream URLs, max age, the sweep. */
  facts: FactsContext;
  /** Link health: interval, politeness, the sweep. */
  health: HealthSettings;
}

export interface Workers extends JobWorker {
  /** Wakes the ingestion and bookmark workers (a submission or an import was queued). */
  wakeIngestion(): void;
  /** Wakes the repository sync worker (a sync was queued). */
  wakeStore(): void;
  /** Wakes the tool facts worker (a refresh was queued). */
  wakeFacts(): void;
  /** Wakes the link health worker (checks were queued). */
  wakeHealth(): void;
}

/**
 * Every job worker of one process (ingestion, bookmark enrichment, bookmark import, repository sync, tool facts, link health),
 * controlled as one: the server starts them when it runs workers and stops them when it closes.
 */
export function createWorkers(
  db: Database,
  settings: WorkerSettings,
  log: JobLog & { info?(details: object, message: string): void },
): Workers {
  const { ingestion } = settings;
  const ingesting = combineWorkers([
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
  ]);
  const storing = createStoreSyncWorker(db, settings.store, log);
  const facts = createFactsWorker(db, settings.facts, log);
  const health = createHealthWorker(db, settings.health, log);
  return {
    ...combineWorkers([ingesting, storing, facts, health]),
    wakeIngestion: () => ingesting.wake(),
    wakeStore: () => storing.wake(),
    wakeFacts: () => facts.wake(),
    wakeHealth: () => health.wake(),
  };
}
