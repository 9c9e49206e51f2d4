import type { Database } from '@stackyard/db/client';
import type { JobLog } from '@stackyard/db/job-queue';
import { hostOf } from '../bookmarks/import-bookmarks.ts';
import type { Executor } from '../db.ts';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { linkHealthQueue } from '../jobs/queues.ts';
import { withSweep, type SweepingWorker } from '../jobs/sweeping-worker.ts';
import type { HealthSettings } from './health-context.ts';
import { findDueTargets, findTarget, saveCheck, type HealthTarget } from './health.repo.ts';
import { checkLink } from './link-check.ts';

// The link health worker, and beside it the sweep that enqueues the items checked longer ago than the
// interval. Each job is enqueued with its URL's host, so the worker's host limits keep the checks polite.

/** Checks one item's URL now and records what was found. */
export async function runCheck(
  db: Executor,
  settings: HealthSettings,
  target: HealthTarget,
  signal?: AbortSignal,
): Promise<void> {
  const outcome = await checkLink(target.url, target.prior, settings, signal);
  // An archived repository or a deprecated package matters less than a link that no longer answers.
  if (outcome.status === 'ok' && target.archived) outcome.status = 'archived';
  else if (outcome.status === 'ok' && target.deprecated) outcome.status = 'deprecated';
  await saveCheck(db, target, outcome);
}

/** Queues a check of each target. */
export async function enqueueChecks(db: Database, found: readonly HealthTarget[]): Promise<void> {
  await linkHealthQueue.enqueueMany(
    db,
    found.map(({ kind, id }) => ({ kind, id })),
    { hosts: found.map((target) => hostOf(target.url)) },
  );
}

/** Its sweep enqueues a check of the items due. */
export type HealthWorker = SweepingWorker;

export function createHealthWorker(db: Database, settings: HealthSettings, log: JobLog): HealthWorker {
  const worker = createQueueWorker(db, linkHealthQueue, {
    pollMs: settings.pollMs,
    log,
    policy: { concurrency: settings.concurrency, timeoutMs: settings.timeoutMs + 5_000 },
    hostLimits: settings.hostLimits,
    async handle({ kind, id }, signal) {
      const target = await findTarget(db, kind, id);
      if (target) await runCheck(db, settings, target, signal);
    },
  });
  // The first sweep after one interval: a process that lives a few seconds (a test, a command) checks nothing.
  return withSweep(
    worker,
    async () => {
      const due = await findDueTargets(db, new Date(Date.now() - settings.intervalMs), settings.sweepBatch);
      await enqueueChecks(db, due);
      return due.length;
    },
    { everyMs: settings.sweepMs, log, failure: 'link health sweep failed' },
  );
}
