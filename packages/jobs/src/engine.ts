import type { Database } from '@stackyard/db/client';
import {
  createJobWorker,
  enqueueJob,
  enqueueJobs,
  type EnqueueManyOptions,
  type EnqueueOptions,
  type JobWorker,
  type JobWorkerOptions,
} from '@stackyard/db/job-queue';

// What a typed queue (queue.ts) needs of the engine that stores and runs its jobs. A worker claims a due job
// (leased, so a dead process's job comes back), runs the handler, and completes the job when the handler
// resolves or fails it when it throws (retried with backoff until its attempts are spent; PermanentJobError:
// at once); wake() has it look for work now instead of at its next poll. The one engine provided is
// PostgreSQL/PGlite (packages/db/src/job-queue.ts), which can enqueue in the caller's transaction.

export interface JobEngine {
  /** Adds a job; answers its id. */
  enqueue(queue: string, payload: unknown, options: EnqueueOptions): Promise<string>;
  /** Adds one job per payload, without dedupe keys. */
  enqueueMany(queue: string, payloads: readonly unknown[], options: EnqueueManyOptions): Promise<void>;
  /** A worker that claims, runs and completes or fails one queue's jobs (start, drain, wake, stop). */
  worker(options: JobWorkerOptions): JobWorker;
}

/** The jobs table of this database (or of the caller's transaction, for enqueueing with its write). */
export function postgresJobEngine(db: Database): JobEngine {
  return {
    enqueue: (queue, payload, options) => enqueueJob(db, queue, payload, options),
    enqueueMany: (queue, payloads, options) => enqueueJobs(db, queue, payloads, options),
    worker: (options) => createJobWorker(db, options),
  };
}

/** Where a queue's jobs go: a database (its jobs table) or another engine. */
export type JobTarget = Database | JobEngine;

export const engineOf = (target: JobTarget): JobEngine =>
  'worker' in target ? target : postgresJobEngine(target);
