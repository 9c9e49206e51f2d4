import type { Database } from '@stackyard/db/client';
import type { HostLimits } from '@stackyard/db/host-limits';
import type { JobLog, JobWorker } from '@stackyard/db/job-queue';
import { combineWorkers, createQueueWorker } from '@stackyard/jobs/queue';
import { enrichmentQueue, ingestionQueue } from '../jobs/queues.ts';
import { failSubmission, ingestSubmission } from './ingest-submission.ts';
import type { IngestionSettings } from './ingestion-settings.ts';

// The ingestion jobs: one per submission, on the interactive queue (a member's submission) or the
// background enrichment queue (an imported bookmark), each with its own worker slots.

/** The ingestion workers of one process: the interactive queue and the enrichment queue, controlled as one. */
export function createIngestionWorker(
  db: Database,
  settings: IngestionSettings,
  log: JobLog & { info?(details: object, message: string): void },
): JobWorker {
  const worker = (queue: typeof ingestionQueue, concurrency: number, hostLimits?: HostLimits) =>
    createQueueWorker(db, queue, {
      pollMs: settings.pollMs,
      log,
      policy: {
        concurrency,
        timeoutMs: settings.timeoutMs,
        ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
      },
      ...(hostLimits ? { hostLimits } : {}),
      async handle({ submissionId }, signal, job) {
        // The host is let go once its pages are read: writing them takes none of its time.
        await ingestSubmission(db, settings, submissionId, signal, {
          fetched: () => job.releaseHost(),
          completeIn: (tx) => job.completeIn(tx),
        });
        // What a worker process says it did (`--role worker` has no API to ask).
        log.info?.(
          { submissionId, queue: queue.name, attempt: job.attempt },
          'ingestion submission processed',
        );
      },
      giveUp: ({ submissionId }, error) => failSubmission(db, submissionId, error),
    });
  return combineWorkers([
    worker(ingestionQueue, settings.concurrency),
    worker(enrichmentQueue, Math.max(1, settings.enrichmentConcurrency), settings.hostLimits),
  ]);
}
