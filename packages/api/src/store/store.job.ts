import type { Database } from '@stackyard/db/client';
import type { JobLog } from '@stackyard/db/job-queue';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { storeSyncQueue } from '../jobs/queues.ts';
import { withSweep, type SweepingWorker } from '../jobs/sweeping-worker.ts';
import type { StoreContext } from './store-context.ts';
import { enqueueDueSyncs, runStoreSync } from './store-sync.ts';

// The sync worker, and beside it a sweep that finds linked workspaces whose changes no job waits for (after
// a crash, or retries given up).

/** Its sweep enqueues a sync for every linked workspace with unsynced changes. */
export type StoreSyncWorker = SweepingWorker;

export function createStoreSyncWorker(db: Database, context: StoreContext, log: JobLog): StoreSyncWorker {
  const settings = context.settings;
  const worker = createQueueWorker(db, storeSyncQueue, {
    pollMs: settings.pollMs,
    log,
    policy: {
      timeoutMs: settings.timeoutMs,
      ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
    },
    handle: (payload) => runStoreSync(db, context, payload),
  });
  return withSweep(worker, () => enqueueDueSyncs(db), {
    // Without a GitHub App nothing can sync; with one, changes left by a crash are found at start.
    everyMs: context.github ? settings.sweepMs : 0,
    atStart: true,
    log,
    failure: 'store sync sweep failed',
  });
}
