import type { Database } from '@stackyard/db/client';
import { BACKGROUND, type JobLog } from '@stackyard/db/job-queue';
import type { Executor } from '../db.ts';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { factsQueue } from '../jobs/queues.ts';
import { withSweep, type SweepingWorker } from '../jobs/sweeping-worker.ts';
import type { FactsContext } from './facts-context.ts';
import { refreshToolFacts } from './facts-refresh.ts';
import { findStaleTools, globalToolOf, listRefreshTimes } from './facts.repo.ts';

// The facts worker, and beside it the sweep that enqueues the tools whose facts are older than the max age.
// A refresh records failures per source and never throws for an upstream's answer; when one asked to wait
// (a rate limit), the refresh is enqueued again for after that time.

const dedupeKey = (toolId: string) => `tool-facts:${toolId}`;

/** Enqueues a tool's refresh (once: a refresh already waiting is the same one). */
export async function enqueueFactsRefresh(
  db: Executor,
  toolId: string,
  options: { force?: boolean; runAt?: Date; priority?: number } = {},
): Promise<void> {
  await factsQueue.enqueue(
    db,
    { toolId, force: options.force ?? false },
    {
      dedupeKey: dedupeKey(toolId),
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.priority === undefined ? {} : { priority: options.priority }),
    },
  );
}

/** After a tool's ingestion: its facts are fetched unless fresh ones exist (another workspace's tool). */
export async function enqueueFactsAfterIngestion(db: Executor, workspaceToolId: string): Promise<void> {
  const toolId = await globalToolOf(db, workspaceToolId);
  if (toolId) await enqueueFactsRefresh(db, toolId);
}

/** Its sweep enqueues a refresh for the tools whose facts are stale. */
export type FactsWorker = SweepingWorker;

export function createFactsWorker(db: Database, context: FactsContext, log: JobLog): FactsWorker {
  const { settings } = context;
  const worker = createQueueWorker(db, factsQueue, {
    pollMs: settings.pollMs,
    log,
    async handle({ toolId, force }, signal) {
      if (!force) {
        const refreshed = (await listRefreshTimes(db, [toolId])).get(toolId);
        if (refreshed && Date.now() - refreshed.getTime() < settings.maxAgeMs) return;
      }
      const stats = await refreshToolFacts(db, context, toolId, signal);
      if (stats.retryAfterMs !== undefined) {
        await enqueueFactsRefresh(db, toolId, {
          force: true,
          runAt: new Date(Date.now() + stats.retryAfterMs),
        });
      }
    },
  });
  // The first sweep after one interval: a process that lives a few seconds (a test, a command) fetches nothing.
  return withSweep(
    worker,
    async () => {
      const stale = await findStaleTools(db, new Date(Date.now() - settings.maxAgeMs), settings.sweepBatch);
      for (const toolId of stale) await enqueueFactsRefresh(db, toolId, { priority: BACKGROUND });
      return stale.length;
    },
    { everyMs: settings.sweepMs, log, failure: 'tool facts sweep failed' },
  );
}
