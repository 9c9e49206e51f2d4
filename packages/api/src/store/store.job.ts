import type { Database } from '@stackyard/db/client';
import type { JobLog } from '@stackyard/db/job-queue';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { storeSyncQueue } from '../jobs/queues.ts';
import { withSweep, type SweepingWorker } from '../jobs/sweeping-worker.ts';
import type { StoreContext } from './store-context.ts';
import { enqueueDueSyncs, runStoreSync } from './store-sync.ts';
import { findWorkspaceOwner } from './store.repo.ts';
import { rescanAfterSync } from '../drift/repository-scan.ts';
import { systemGrant } from '../jobs/system-grant.ts';

// The sync worker, and beside it a sweep that finds linked workspaces whose changes no job waits for (after
// a crash, or retries given up). After a sync the workspace's repository scans are read again.

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
    handle: async (payload) => {
      if (await runStoreSync(db, context, payload)) await rescan(db, context, payload.workspaceId, log);
    },
  });
  return withSweep(worker, () => enqueueDueSyncs(db), {
    // Without a GitHub App nothing can sync; with one, changes left by a crash are found at start.
    everyMs: context.github ? settings.sweepMs : 0,
    atStart: true,
    log,
    failure: 'store sync sweep failed',
  });
}

/** The scans of the workspace read from GitHub, read again; a failure is logged and never fails the sync. */
async function rescan(db: Database, context: StoreContext, workspaceId: string, log: JobLog): Promise<void> {
  if (!context.github) return;
  try {
    const owner = await findWorkspaceOwner(db, workspaceId);
    if (!owner) return;
    for (const failure of await rescanAfterSync(db, context.github, systemGrant(workspaceId, owner)))
      log.warn(
        { workspaceId, projectId: failure.projectId, reason: failure.message },
        'scan after the sync failed',
      );
  } catch (error) {
    log.warn({ workspaceId, err: error }, 'scan after the sync failed');
  }
}
