import type { z } from 'zod';
import type { HostLimits } from '@stackyard/db/host-limits';
import type { EnqueueManyOptions, JsonText } from '@stackyard/db/job-queue';
import { engineOf, type JobTarget } from './engine.ts';
import {
  PermanentJobError,
  type ClaimedJob,
  type EnqueueOptions,
  type JobLog,
  type JobWorker,
} from '@stackyard/db/job-queue';

// Typed queues over a job engine (engine.ts; by default the jobs table, packages/db/src/job-queue.ts): a queue is declared once, with
// its payload's schema and its policy, and both ends are typed from that declaration. The queue checks
// every payload: enqueueing one that does not match throws (a bug in the caller, found at once), and a
// stored one that does not match (written by an older version) fails at once without retry, the reason
// kept as the job's last error, instead of reaching the handler.

export interface QueuePolicy {
  /** Jobs one worker runs at once. */
  concurrency: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** Attempts before the job is given up. */
  maxAttempts: number;
  /** Delay before attempt n+1 after attempt n failed; the job queue's default when not given. */
  backoffMs?: (attempt: number) => number;
}

export interface QueueDeclaration<S extends z.ZodType> extends QueuePolicy {
  name: string;
  payload: S;
}

export interface Queue<S extends z.ZodType> extends QueueDeclaration<S> {
  /** Adds a job (in the caller's transaction when given one); answers its id. Throws on a bad payload. */
  enqueue(db: JobTarget, payload: z.input<S>, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job whose payload is already JSON text, serialized where parsing it again would cost (the bookmark
   * parser's thread writes megabytes this thread need not touch). Not checked here: the caller's type must be
   * the schema's (see queues.ts), and the worker still checks it on receipt, dead-lettering a mismatch.
   */
  enqueueJson(db: JobTarget, payload: JsonText, options?: EnqueueOptions): Promise<string>;
  /** Adds one job per payload in bulk (no dedupe keys). Throws on a bad payload, adding none. */
  enqueueMany(db: JobTarget, payloads: readonly z.input<S>[], options?: EnqueueManyOptions): Promise<void>;
}

/** A payload that does not match its queue's schema. */
export class InvalidPayloadError extends Error {
  constructor(queue: string, error: z.ZodError) {
    // A few issues are enough to tell what is wrong; a bad import payload could have thousands.
    const issues = error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
      .join('; ');
    super(`the payload does not match the ${queue} queue's schema: ${issues}`);
    this.name = 'InvalidPayloadError';
  }
}

export function defineQueue<S extends z.ZodType>(declaration: QueueDeclaration<S>): Queue<S> {
  const parse = (payload: unknown): z.output<S> => {
    const parsed = declaration.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidPayloadError(declaration.name, parsed.error);
    return parsed.data;
  };
  return {
    ...declaration,
    async enqueue(db, payload, options = {}) {
      const parsed = parse(payload);
      return engineOf(db).enqueue(declaration.name, parsed, {
        maxAttempts: declaration.maxAttempts,
        ...options,
      });
    },
    async enqueueJson(db, payload, options = {}) {
      return engineOf(db).enqueue(declaration.name, payload, {
        maxAttempts: declaration.maxAttempts,
        ...options,
      });
    },
    async enqueueMany(db, payloads, options = {}) {
      const parsed = payloads.map(parse);
      await engineOf(db).enqueueMany(declaration.name, parsed, {
        ...options,
        maxAttempts: options.maxAttempts ?? declaration.maxAttempts,
      });
    },
  };
}

export interface QueueWorkerOptions<S extends z.ZodType> {
  /** Does the work with the parsed payload. Throwing retries the job with backoff (PermanentJobError: never). */
  handle(payload: z.output<S>, signal: AbortSignal, job: ClaimedJob): Promise<void>;
  /** Records a job given up (permanent error or attempts exhausted); not called for a dead-lettered payload. */
  giveUp?(payload: z.output<S>, error: unknown, job: ClaimedJob): Promise<void>;
  pollMs: number;
  log: JobLog;
  /** This deployment's settings over the declared policy (configuration, tests). */
  policy?: Partial<QueuePolicy>;
  /** Per-host politeness for the jobs enqueued with a host. */
  hostLimits?: HostLimits;
}

export function createQueueWorker<S extends z.ZodType>(
  db: JobTarget,
  queue: Queue<S>,
  options: QueueWorkerOptions<S>,
): JobWorker {
  const backoffMs = options.policy?.backoffMs ?? queue.backoffMs;
  return engineOf(db).worker({
    queue: queue.name,
    concurrency: options.policy?.concurrency ?? queue.concurrency,
    timeoutMs: options.policy?.timeoutMs ?? queue.timeoutMs,
    pollMs: options.pollMs,
    ...(backoffMs ? { backoffMs } : {}),
    ...(options.hostLimits ? { hostLimits: options.hostLimits } : {}),
    log: options.log,
    async handler(job, signal) {
      const parsed = queue.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new PermanentJobError(new InvalidPayloadError(queue.name, parsed.error).message);
      }
      await options.handle(parsed.data, signal, job);
    },
    async onGiveUp(job, error) {
      const parsed = queue.payload.safeParse(job.payload);
      if (parsed.success) await options.giveUp?.(parsed.data, error, job);
    },
  });
}

/** Several queue workers controlled as one. */
export function combineWorkers(workers: readonly JobWorker[]): JobWorker {
  return {
    start: () => workers.forEach((worker) => worker.start()),
    async drain() {
      let total = 0;
      // One queue's jobs may add to another's (an import enqueues enrichment): drain until all are idle.
      for (;;) {
        const ran = (await Promise.all(workers.map((worker) => worker.drain()))).reduce((a, b) => a + b, 0);
        total += ran;
        if (ran === 0) return total;
      }
    },
    wake: () => workers.forEach((worker) => worker.wake()),
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
