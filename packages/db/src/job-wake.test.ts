import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import { createJobWorker, enqueueJob, enqueueJobs, type JobWorker } from './job-queue.ts';
import { JOBS_CHANNEL, jobEnqueued } from './job-wake.ts';
import { createTestDb } from './testing.ts';

// A worker whose poll is an hour away still starts a new job at once: every start here is a wake-up's.

const quiet = { warn: () => undefined, error: () => undefined };
const HOUR = 3_600_000;

let handle: DbHandle & { databaseUrl: string | undefined };
let unlisten: (() => Promise<void>) | undefined;
beforeAll(async () => {
  handle = await createTestDb();
  // What the server does on PostgreSQL: notifications from any process wake this one's workers.
  unlisten = await handle.listen?.(JOBS_CHANNEL, (queue) => jobEnqueued(queue));
});
afterAll(async () => {
  await unlisten?.();
  await handle.close();
});

let counter = 0;
const freshQueue = () => `wake-${++counter}`;

/** A started worker, idle (its first look found nothing), recording what its handler saw in order. */
async function idleWorker(queue: string, concurrency = 1) {
  const events: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const worker: JobWorker = createJobWorker(handle.db, {
    queue,
    concurrency,
    pollMs: HOUR,
    timeoutMs: 10_000,
    log: quiet,
    async handler(job) {
      const { n } = job.payload as { n: number };
      events.push(`start ${n}`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${n}`);
      const done = events.filter((event) => event.startsWith('end')).length;
      for (const waiter of waiters.filter((w) => w.count <= done)) waiter.resolve();
    },
  });
  worker.start();
  expect(await worker.drain()).toBe(0);
  const ran = (count: number) =>
    new Promise<void>((resolve) => {
      if (events.filter((event) => event.startsWith('end')).length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { worker, events, ran };
}

describe('job wake-ups', () => {
  it('starts a job enqueued while the worker is idle, and the next one as soon as a slot frees', async () => {
    const queue = freshQueue();
    const { worker, events, ran } = await idleWorker(queue);
    try {
      await enqueueJob(handle.db, queue, { n: 1 });
      await ran(1);
      // One slot: three jobs at once run one after another, each started by the end of the one before.
      await enqueueJobs(handle.db, queue, [{ n: 2 }, { n: 3 }, { n: 4 }]);
      await ran(4);
      // Each start follows the end of the job before (the three share a time, so any order among them).
      const pairs = Array.from({ length: 4 }, (_, i) => events.slice(2 * i, 2 * i + 2).join(', '));
      expect(pairs[0]).toBe('start 1, end 1');
      expect(pairs.slice(1).sort()).toEqual(['start 2, end 2', 'start 3, end 3', 'start 4, end 4']);
    } finally {
      await worker.stop();
    }
  });

  it('starts a job enqueued in a transaction once the transaction commits', async () => {
    const queue = freshQueue();
    const { worker, events, ran } = await idleWorker(queue);
    try {
      await handle.db.transaction(async (tx) => {
        await enqueueJob(tx, queue, { n: 1 });
        await enqueueJobs(tx, queue, [{ n: 2 }]);
        // Still uncommitted: a wake-up now finds nothing it may claim.
        await tx.execute(sql`select pg_sleep(0.05)`);
        events.push('commit');
      });
      await ran(2);
      // Both jobs have the transaction's time: either may go first, neither before the commit.
      expect(events[0]).toBe('commit');
      expect(events.slice(1).sort()).toEqual(['end 1', 'end 2', 'start 1', 'start 2']);
    } finally {
      await worker.stop();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'starts a job another process enqueued on the same PostgreSQL database',
    async () => {
      const queue = freshQueue();
      const { worker, ran } = await idleWorker(queue);
      // Another process: its own pool, and nothing of this process's in-memory wake-ups.
      const other = await createDb({ databaseUrl: handle.databaseUrl, dataDir: MEMORY, poolMax: 1 });
      try {
        await other.rows(sql`insert into jobs (queue, payload) values (${queue}, '{"n": 1}'::jsonb)`);
        await other.rows(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
        await ran(1);
      } finally {
        await other.close();
        await worker.stop();
      }
    },
  );
});
