import type { Database } from '@stackyard/db/client';
import type { JobLog, JobWorker } from '@stackyard/db/job-queue';
import { createQueueWorker } from '../jobs/queue.ts';
import { storeSyncQueue } from '../jobs/queues.ts';
import type { StoreContext } from './store-context.ts';
import { enqueueDueSyncs, runStoreSync } from './store-sync.ts';

// The sync worker, and beside it a sweep that finds linked workspaces whose changes no job waits for (after
// a crash, or retries given up).

export interface StoreSyncWorker extends JobWorker {
  /** Enqueues a sync for every linked workspace with unsynced changes. */
  sweep(): Promise<number>;
}

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
  let timer: NodeJS.Timeout | null = null;

  async function sweep(): Promise<number> {
    const due = await enqueueDueSyncs(db);
    if (due > 0) worker.wake();
    return due;
  }
  const sweepQuietly = () =>
    void sweep().catch((error: unknown) => log.error({ err: error }, 'store sync sweep failed'));

  return {
    start() {
      worker.start();
      if (!context.github || timer) return;
      sweepQuietly();
      timer = setInterval(sweepQuietly, settings.sweepMs);
      timer.unref();
    },
    wake: () => worker.wake(),
    drain: () => worker.drain(),
    sweep,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await worker.stop();
    },
  };
}
