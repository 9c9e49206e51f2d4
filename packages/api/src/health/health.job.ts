import type { Database } from '@stackyard/db/client';
import { BACKGROUND, type JobLog } from '@stackyard/db/job-queue';
import { hostOf } from '../bookmarks/import-bookmarks.ts';
import type { Executor } from '../db.ts';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { linkHealthQueue } from '../jobs/queues.ts';
import { withSweep, type SweepingWorker } from '../jobs/sweeping-worker.ts';
import type { HealthSettings } from './health-context.ts';
import { coalesce } from './coalesce.ts';
import {
  findDueTargets,
  findTargets,
  saveChecks,
  type CheckResult,
  type HealthTarget,
  type ItemKey,
} from './health.repo.ts';
import { checkLink, type CheckOutcome } from './link-check.ts';

// The link health worker, and beside it the sweep that enqueues the items checked longer ago than the
// interval. Each job is enqueued with its URL's host, so the worker's host limits keep the checks polite.

/** What a check of the target's URL finds now. */
async function checkTarget(
  settings: HealthSettings,
  target: HealthTarget,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  const outcome = await checkLink(target.url, target.prior, settings, signal);
  // An archived repository or a deprecated package matters less than a link that no longer answers.
  if (outcome.status === 'ok' && target.archived) outcome.status = 'archived';
  else if (outcome.status === 'ok' && target.deprecated) outcome.status = 'deprecated';
  return outcome;
}

/** Checks one item's URL now and records what was found. */
export async function runCheck(
  db: Executor,
  settings: HealthSettings,
  target: HealthTarget,
  signal?: AbortSignal,
): Promise<void> {
  await saveChecks(db, [{ target, outcome: await checkTarget(settings, target, signal) }]);
}

/**
 * Queues a check of each target, each host's checks due one host spacing apart: the queue then holds few due
 * checks of a host that must wait, so a claim does not read past them, and the hosts are taken in turn.
 */
export async function enqueueChecks(
  db: Database,
  found: readonly HealthTarget[],
  options: { spacingMs: number; priority?: number },
): Promise<void> {
  const queuedOfHost = new Map<string, number>();
  const hosts = found.map((target) => hostOf(target.url));
  const delaysMs = hosts.map((host) => {
    if (host === null) return 0;
    const before = queuedOfHost.get(host) ?? 0;
    queuedOfHost.set(host, before + 1);
    return before * options.spacingMs;
  });
  await linkHealthQueue.enqueueMany(
    db,
    found.map(({ kind, id }) => ({ kind, id })),
    { hosts, delaysMs, priority: options.priority ?? 0 },
  );
}

/** Its sweep enqueues a check of the items due. */
export type HealthWorker = SweepingWorker;

export function createHealthWorker(db: Database, settings: HealthSettings, log: JobLog): HealthWorker {
  // The concurrent jobs read their targets and write their results together: fewer statements per link on
  // the database the API's requests wait for.
  const loadTarget = coalesce((keys: ItemKey[]) => findTargets(db, keys));
  const save = coalesce(async (results: CheckResult[]) => {
    await saveChecks(db, results);
    return results.map(() => undefined);
  });
  const worker = createQueueWorker(db, linkHealthQueue, {
    pollMs: settings.pollMs,
    log,
    policy: { concurrency: settings.concurrency, timeoutMs: settings.timeoutMs + 5_000 },
    hostLimits: settings.hostLimits,
    async handle({ kind, id }, signal) {
      const target = await loadTarget({ kind, id });
      if (target) await save({ target, outcome: await checkTarget(settings, target, signal) });
    },
  });
  // The first sweep after one interval: a process that lives a few seconds (a test, a command) checks nothing.
  return withSweep(
    worker,
    async () => {
      const due = await findDueTargets(db, new Date(Date.now() - settings.intervalMs), settings.sweepBatch);
      // Behind the checks members ask for: "Check all links now" does not wait for a sweep of every workspace.
      await enqueueChecks(db, due, { spacingMs: settings.hostLimits.spacingMs, priority: BACKGROUND });
      return due.length;
    },
    { everyMs: settings.sweepMs, log, failure: 'link health sweep failed' },
  );
}
