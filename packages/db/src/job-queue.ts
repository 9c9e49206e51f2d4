import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import { createHostGate, type HostLimits } from './host-limits.ts';
import { JOBS_CHANNEL, jobEnqueued, onJobEnqueued } from './job-wake.ts';

// A small durable job queue in PostgreSQL (the `jobs` table), the same on PGlite and a server. A job is
// enqueued in the caller's transaction, so it exists exactly when the row it works on does. Workers claim
// one due row at a time (the lowest priority number first, then the earliest) with FOR UPDATE SKIP LOCKED
// (any number of them, in any number of processes), bump its attempts and lease it until locked_until,
// renewing the lease while the attempt runs. A worker that dies stops renewing, its lease expires within one
// lease period (not the job's whole time limit), and the job is due again. Every update after the claim names
// the attempt it belongs to, so a worker whose lease was taken over cannot overwrite the newer attempt's
// outcome.

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAt?: Date;
  /** Runs at most this many times (default 5). */
  maxAttempts?: number;
  /**
   * At most one queued job holds a key: while one waits, enqueueing with the same key adds nothing and answers
   * the waiting job's id (its payload and run_at stay; it takes the lower priority of the two). A job being run
   * no longer holds its key.
   */
  dedupeKey?: string;
  /** Jobs of a lower number are claimed first (default 0); a background sweep's are 1 (BACKGROUND). */
  priority?: number;
}

/** The priority of work nobody is waiting for: every due job someone asked for is claimed before it. */
export const BACKGROUND = 1;

/**
 * A payload already serialized as JSON (made off the event loop, e.g. a parsed file of megabytes): enqueueJob
 * stores the text as is instead of serializing it again on the request's thread.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Adds a job; pass a transaction to make it part of the caller's write. Answers the job's id. */
export async function enqueueJob(
  db: Database,
  queue: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string> {
  const runAt = options.runAt ?? null;
  const dedupeKey = options.dedupeKey ?? null;
  // The notification goes out when the caller's transaction commits (job-wake.ts).
  const result = (await db.execute(sql`
    with added as (
      insert into jobs (queue, payload, max_attempts, run_at, dedupe_key, priority)
      values (${queue}, ${payload instanceof JsonText ? payload.text : JSON.stringify(payload)}::jsonb, ${options.maxAttempts ?? 5},
        coalesce(${runAt?.toISOString() ?? null}::timestamptz, now()), ${dedupeKey}, ${options.priority ?? 0})
      on conflict (dedupe_key) where state = 'queued'
        do update set priority = excluded.priority where jobs.priority > excluded.priority
      returning id)
    select added.id from added, (select pg_notify(${JOBS_CHANNEL}, ${queue})) as notified`)) as {
    rows: { id: string }[];
  };
  const row = result.rows[0];
  if (row) {
    jobEnqueued(queue);
    return row.id;
  }
  const waiting = (await db.execute(sql`
    select id from jobs where dedupe_key = ${dedupeKey} and state = 'queued'`)) as { rows: { id: string }[] };
  const existing = waiting.rows[0];
  if (!existing) throw new Error('insert into jobs returned no row');
  return existing.id;
}

/** What enqueueJobs takes besides the payloads. */
export interface EnqueueManyOptions {
  maxAttempts?: number;
  /** The host each job fetches from, in the order of the payloads, for a worker's per-host limits. */
  hosts?: readonly (string | null)[];
  /** As EnqueueOptions.priority, for every job. */
  priority?: number;
  /** How long after now each job is due, in the order of the payloads (default: due now). */
  delaysMs?: readonly number[];
}

// Rows of one insert in enqueueJobs: five bind parameters each, well under PostgreSQL's 65,535.
const ENQUEUE_BATCH = 5_000;

/** Adds many jobs to one queue, without dedupe keys (bulk work such as an import's enrichment). */
export async function enqueueJobs(
  db: Database,
  queue: string,
  payloads: readonly unknown[],
  options: EnqueueManyOptions = {},
): Promise<void> {
  for (let start = 0; start < payloads.length; start += ENQUEUE_BATCH) {
    const rows = payloads.slice(start, start + ENQUEUE_BATCH).map(
      (payload, i) =>
        sql`(${queue}, ${JSON.stringify(payload)}::jsonb, ${options.maxAttempts ?? 5}, ${options.hosts?.[start + i] ?? null}, ${options.priority ?? 0},
            now() + ${options.delaysMs?.[start + i] ?? 0}::float8 * interval '1 millisecond')`,
    );
    await db.execute(
      sql`insert into jobs (queue, payload, max_attempts, host, priority, run_at) values ${sql.join(rows, sql`, `)}`,
    );
  }
  if (payloads.length === 0) return;
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
  jobEnqueued(queue);
}

export interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** The host the job fetches from, when it was enqueued with one. */
  host: string | null;
  /**
   * Lets the job's host go before the job ends (its fetches are done, only writing is left), so the host's next
   * job may start; the worker lets it go at the end anyway.
   */
  releaseHost(): void;
  /**
   * Writes the job's completion in the caller's transaction, the one that writes the job's outcome, so both
   * commit together and the worker writes nothing more once the handler returns. A rolled-back transaction
   * must reach the worker as the handler's error (the attempt then fails or retries as any other).
   */
  completeIn(tx: Database): Promise<void>;
}

/** Thrown by a handler for a failure that will not get better: the job fails without further attempts. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The slice of a logger the worker writes to (a Fastify/pino logger fits). */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  queue: string;
  /** Does the work. Throwing retries the job with backoff (PermanentJobError: never). */
  handler: (job: ClaimedJob, signal: AbortSignal) => Promise<void>;
  /** Called once when a job is given up (permanent error or attempts exhausted), to record it elsewhere. */
  onGiveUp?: (job: ClaimedJob, error: unknown) => Promise<void>;
  /** Jobs run at once by this worker. */
  concurrency: number;
  pollMs: number;
  /** One attempt's time limit: its signal aborts, and its slot is freed even if the handler ignores that. */
  timeoutMs: number;
  /**
   * How long a claim holds a job without being renewed (default 60 s); a running attempt renews it every third
   * of that, so a dead worker's job is due again within this time even when the job's time limit is long.
   */
  leaseMs?: number;
  /** Delay before attempt n+1 after attempt n failed; default 2^n seconds, at most an hour. */
  backoffMs?: (attempt: number) => number;
  /** Per-host politeness for jobs enqueued with a host (host-limits.ts); none: hosts are not limited. */
  hostLimits?: HostLimits;
  log: JobLog;
}

export interface JobWorker {
  start(): void;
  /** Claims and runs due jobs until none is left (or the worker stops); answers how many it ran. */
  drain(): Promise<number>;
  /** Looks for due jobs now instead of at the next poll (after an enqueue). */
  wake(): void;
  /** Stops claiming, aborts running attempts (they become due again at once) and waits for them. */
  stop(): Promise<void>;
}

const defaultBackoff = (attempt: number) => Math.min(3_600_000, 2 ** attempt * 1000);
// A short job's lease outlives its own time limit, so only a dead worker's job is taken over.
const LEASE_MARGIN_MS = 30_000;
const DEFAULT_LEASE_MS = 60_000;
// Due rows a claim of n jobs looks at (n times this), to find n of different hosts.
const CLAIM_CANDIDATES = 4;

class JobTimeout extends Error {
  constructor(ms: number) {
    super(`the job did not finish within ${ms} ms`);
    this.name = 'JobTimeout';
  }
}

export function createJobWorker(db: Database, options: JobWorkerOptions): JobWorker {
  const backoff = options.backoffMs ?? defaultBackoff;
  const leaseMs = Math.min(options.timeoutMs + LEASE_MARGIN_MS, options.leaseMs ?? DEFAULT_LEASE_MS);
  const leaseSeconds = leaseMs / 1000;
  const running = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let filling: Promise<number> | null = null;
  // Asked to look again while a pass was under way: the pass may have looked before the news (a job enqueued,
  // a slot freed), so it looks once more before it ends.
  let again = false;
  let stopWaking: (() => void) | null = null;
  const gate = options.hostLimits ? createHostGate(options.hostLimits) : null;
  // Looks again when a host held back by its spacing may start its next job.
  let spacingTimer: NodeJS.Timeout | null = null;
  function lookWhenSpaced(): void {
    const wait = gate?.nextStartIn(performance.now()) ?? null;
    if (wait === null || spacingTimer || stopped) return;
    spacingTimer = setTimeout(() => {
      spacingTimer = null;
      if (!stopped) void fill();
    }, Math.ceil(wait));
    spacingTimer.unref();
  }

  // The hosts the last claim left out. A claim that outlasts a host's spacing (a slow query on a loaded
  // machine) finds nothing, and by then no spacing is left to wait for: the pass must look again at once.
  let busyAtClaim: string[] = [];
  // Jobs whose handler wrote their completion in its own transaction (completeIn).
  const completedIn = new WeakSet<ClaimedJob>();
  const hostFreedSinceClaim = () => {
    if (!gate || busyAtClaim.length === 0) return false;
    const busyNow = new Set(gate.busy(performance.now()));
    return busyAtClaim.some((host) => !busyNow.has(host));
  };

  // Claims up to `slots` due jobs in one statement. With host limits, at most one job of a host per claim: the
  // next one of that host waits for its spacing (the gate), as it would if claimed one at a time.
  async function claim(slots: number): Promise<ClaimedJob[]> {
    const busy = gate?.busy(performance.now()) ?? [];
    busyAtClaim = busy;
    const hostFree =
      busy.length > 0
        ? sql`and (host is null or host not in (${sql.join(
            busy.map((host) => sql`${host}`),
            sql`, `,
          )}))`
        : sql``;
    // A job without a host is never limited: it is a partition of its own.
    const partition = gate ? sql`coalesce(host, id::text)` : sql`id::text`;
    // Due rows in the due index's order, so the scan stops at the limit: a tie-break on id there sorted every
    // due row of the same run_at (an import's all share one). A claim on PGlite with 800 due took 3.4 ms with
    // it and 1.6 without, with 8,000 due 11 ms and 1.8; the picked ones are still ordered by id.
    const result = (await db.execute(sql`
      with due as (
        select id, host, priority, run_at from jobs
        where queue = ${options.queue}
          and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
          ${hostFree}
        order by priority, run_at
        limit ${slots * CLAIM_CANDIDATES}
        for update skip locked),
      picked as (
        select id from (
          select id, priority, run_at,
            row_number() over (partition by ${partition} order by priority, run_at, id) as nth
          from due) ranked
        where nth = 1
        order by priority, run_at, id
        limit ${slots})
      update jobs set state = 'running', attempts = attempts + 1, dedupe_key = null,
        locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
      where id in (select id from picked)
      returning id, queue, payload, attempts, max_attempts, host`)) as {
      rows: {
        id: string;
        queue: string;
        payload: unknown;
        attempts: number;
        max_attempts: number;
        host: string | null;
      }[];
    };
    return result.rows.map((row) => {
      const release = row.host && gate ? gate.hold(row.host, performance.now()) : null;
      const job: ClaimedJob = {
        id: row.id,
        queue: row.queue,
        payload: row.payload,
        attempt: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
        host: row.host,
        releaseHost() {
          if (!release) return;
          release();
          // The host's next job may start now.
          if (!stopped) void fill();
        },
        async completeIn(tx) {
          await tx.execute(completion(sql`(values (${job.id}::uuid, ${job.attempt}::int))`));
          completedIn.add(job);
        },
      };
      return job;
    });
  }

  // Only a running attempt completes: one abandoned at its time limit, or whose lease was taken over, does not.
  const completion = (done: SQL) => sql`
    update jobs set state = 'completed', locked_until = null, last_error = null, updated_at = now()
    from ${done} as done (id, attempt)
    where jobs.id = done.id and jobs.attempts = done.attempt and jobs.state = 'running'`;

  // Completions are written together: those that end while a write is under way wait for it and go in the
  // next one (one statement for all). An attempt ends only once its row says so, so a crash before that leaves
  // the job running, due again after its lease.
  let completing: { job: ClaimedJob; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  function complete(job: ClaimedJob): Promise<void> {
    return new Promise<void>((done, failed) => {
      completing.push({ job, done, failed });
      writing ??= writeCompletions();
    });
  }
  async function writeCompletions(): Promise<void> {
    while (completing.length > 0) {
      const batch = completing;
      completing = [];
      const rows = batch.map(({ job }) => sql`(${job.id}::uuid, ${job.attempt}::int)`);
      try {
        await db.execute(completion(sql`(values ${sql.join(rows, sql`, `)})`));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = null;
  }

  async function fail(job: ClaimedJob, error: string) {
    await db.execute(sql`
      update jobs set state = 'failed', locked_until = null, last_error = ${error}, updated_at = now()
      where id = ${job.id} and attempts = ${job.attempt} and state = 'running'`);
  }

  // Renews the lease of a running attempt; a failed renewal is only logged (the next one may succeed, and an
  // attempt whose lease was taken over cannot overwrite the newer attempt's outcome).
  function renewLease(job: ClaimedJob): NodeJS.Timeout {
    const renewal = setInterval(() => {
      db.execute(
        sql`
        update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id = ${job.id} and attempts = ${job.attempt} and state = 'running'`,
      ).catch((error: unknown) => {
        if (!stopped)
          options.log.warn({ jobId: job.id, queue: job.queue, err: error }, 'renewing a job lease failed');
      });
    }, leaseMs / 3);
    renewal.unref();
    return renewal;
  }

  async function attempt(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    controllers.add(controller);
    const renewal = renewLease(job);
    let timeout: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => {
        const error = new JobTimeout(options.timeoutMs);
        controller.abort(error);
        reject(error);
      }, options.timeoutMs);
    });
    try {
      await Promise.race([options.handler(job, controller.signal), limit]);
      if (!completedIn.has(job)) await complete(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (stopped && controller.signal.aborted && !(error instanceof JobTimeout)) {
        // Interrupted by our own shutdown, not by the job: due again at once, the attempt not counted.
        await db.execute(sql`
          update jobs set state = 'queued', attempts = attempts - 1, locked_until = null, run_at = now(),
            updated_at = now()
          where id = ${job.id} and attempts = ${job.attempt} and state = 'running'`);
        return;
      }
      const giveUp = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      options.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempt, err: error }, 'job failed');
      if (giveUp) {
        await fail(job, message);
        await options.onGiveUp?.(job, error);
      } else {
        const delaySeconds = backoff(job.attempt) / 1000;
        await db.execute(sql`
          update jobs set state = 'queued', locked_until = null, last_error = ${message},
            run_at = now() + make_interval(secs => ${delaySeconds}), updated_at = now()
          where id = ${job.id} and attempts = ${job.attempt} and state = 'running'`);
      }
    } finally {
      clearInterval(renewal);
      clearTimeout(timeout);
      controllers.delete(controller);
      job.releaseHost();
    }
  }

  function track(job: ClaimedJob): void {
    const work: Promise<void> = attempt(job)
      .catch((error: unknown) => {
        if (!stopped) options.log.error({ jobId: job.id, err: error }, 'job bookkeeping failed');
      })
      .finally(() => {
        running.delete(work);
        // A freed slot looks for more work straight away.
        if (!stopped) void fill();
      });
    running.add(work);
  }

  // Claims jobs while there are free slots and due rows; one pass at a time.
  function fill(): Promise<number> {
    if (filling) {
      again = true;
      return filling;
    }
    const pass = (async () => {
      // Never ends in the same tick: `filling` is set before the pass can clear it below.
      await null;
      let started = 0;
      try {
        do {
          again = false;
          while (!stopped && running.size < options.concurrency) {
            const slots = options.concurrency - running.size;
            const jobs = await claim(slots);
            for (const job of jobs) track(job);
            started += jobs.length;
            // Fewer than asked: none left, or the rest held back by their host (one per host per claim).
            if (jobs.length < slots) {
              if (jobs.length > 0 || hostFreedSinceClaim()) again = true;
              else lookWhenSpaced();
              break;
            }
          }
        } while (again && !stopped && running.size < options.concurrency);
      } catch (error) {
        if (!stopped) options.log.error({ queue: options.queue, err: error }, 'claiming jobs failed');
      } finally {
        // Cleared at the moment the pass stops looking: a call from here on starts a new pass.
        filling = null;
      }
      return started;
    })();
    filling = pass;
    return pass;
  }

  return {
    start() {
      if (timer || stopped) return;
      // The poll finds what no wake-up announced: a retry's or a delayed job's time come, a lost lease.
      timer = setInterval(() => void fill(), options.pollMs);
      timer.unref();
      stopWaking = onJobEnqueued(options.queue, () => {
        if (!stopped) void fill();
      });
      void fill();
    },
    async drain() {
      let total = 0;
      for (;;) {
        total += await fill();
        if (running.size === 0) {
          const more = await fill();
          total += more;
          if (more === 0 && running.size === 0) return total;
        }
        await Promise.race(running);
      }
    },
    wake() {
      if (!stopped) void fill();
    },
    async stop() {
      stopped = true;
      stopWaking?.();
      if (timer) clearInterval(timer);
      if (spacingTimer) clearTimeout(spacingTimer);
      timer = null;
      await filling;
      for (const controller of controllers) controller.abort(new Error('the worker is stopping'));
      await Promise.allSettled([...running]);
    },
  };
}
