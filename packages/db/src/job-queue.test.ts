import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import {
  BACKGROUND,
  createJobWorker,
  enqueueJob,
  enqueueJobs,
  PermanentJobError,
  type ClaimedJob,
  type JobWorkerOptions,
} from './job-queue.ts';
import { createTestDb } from './testing.ts';

const quiet = { warn: () => undefined, error: () => undefined };

describe('job queue', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  let queueCounter = 0;
  const freshQueue = () => `test-${++queueCounter}`;

  function worker(
    queue: string,
    handler: JobWorkerOptions['handler'],
    extra: Partial<JobWorkerOptions> = {},
  ) {
    return createJobWorker(handle.db, {
      queue,
      handler,
      concurrency: 2,
      pollMs: 50,
      timeoutMs: 2000,
      backoffMs: () => 0,
      log: quiet,
      ...extra,
    });
  }

  async function jobRow(id: string) {
    const [row] = await handle.rows<{ state: string; attempts: number; last_error: string | null }>(
      sql`select state, attempts, last_error from jobs where id = ${id}`,
    );
    return row;
  }

  it('enqueues inside the caller transaction: a rolled back write leaves no job', async () => {
    const queue = freshQueue();
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueJob(tx, queue, { n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await handle.rows(sql`select id from jobs where queue = ${queue}`);
    expect(rows).toHaveLength(0);
  });

  it('runs a due job once with its payload and marks it completed', async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, { hello: 'world' });
    const seen: unknown[] = [];
    const count = await worker(queue, async (job) => {
      seen.push(job.payload);
    }).drain();
    expect(count).toBe(1);
    expect(seen).toEqual([{ hello: 'world' }]);
    expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 1, last_error: null });
  });

  it("completes a job in its handler's transaction: with it when it commits, never when it rolls back", async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, {});
    const states: (string | undefined)[] = [];
    const count = await worker(queue, async (job) => {
      if (job.attempt === 1) {
        await handle.db.transaction(async (tx) => {
          await job.completeIn(tx);
          throw new Error('roll back');
        });
      }
      await handle.db.transaction((tx) => job.completeIn(tx));
      states.push((await jobRow(id))?.state);
      // Thrown after the completion committed: the job stays completed.
      throw new Error('after the commit');
    }).drain();
    expect(count).toBe(2);
    expect(states).toEqual(['completed']);
    expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 2, last_error: null });
  });

  it('does not run a job before its run_at', async () => {
    const queue = freshQueue();
    await enqueueJob(handle.db, queue, {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await worker(queue, async () => undefined).drain()).toBe(0);
  });

  it('joins a waiting job with the same dedupe key, and queues anew once that job runs', async () => {
    const queue = freshQueue();
    const first = await enqueueJob(handle.db, queue, { n: 1 }, { dedupeKey: `${queue}:w` });
    const second = await enqueueJob(handle.db, queue, { n: 2 }, { dedupeKey: `${queue}:w` });
    const other = await enqueueJob(handle.db, queue, { n: 3 }, { dedupeKey: `${queue}:other` });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    let third = '';
    const seen: unknown[] = [];
    await worker(
      queue,
      async (job) => {
        seen.push(job.payload);
        // A change while the job runs must not be lost: it queues a new job.
        if (!third) third = await enqueueJob(handle.db, queue, { n: 4 }, { dedupeKey: `${queue}:w` });
      },
      { concurrency: 1 },
    ).drain();
    expect(third).not.toBe(first);
    expect(seen).toEqual([{ n: 1 }, { n: 3 }, { n: 4 }]);
  });

  it('claims every due job someone asked for before the background ones enqueued earlier', async () => {
    const queue = freshQueue();
    await enqueueJobs(handle.db, queue, [{ n: 'sweep 1' }, { n: 'sweep 2' }], { priority: BACKGROUND });
    await enqueueJob(handle.db, queue, { n: 'asked' });
    const seen: unknown[] = [];
    await worker(queue, async (job) => void seen.push(job.payload), { concurrency: 1 }).drain();
    expect(seen[0]).toEqual({ n: 'asked' });
    expect(seen).toHaveLength(3);
  });

  it('a request joining a waiting background job with its dedupe key lifts that job ahead', async () => {
    const queue = freshQueue();
    await enqueueJob(handle.db, queue, { n: 'other sweep' }, { priority: BACKGROUND });
    const waiting = await enqueueJob(
      handle.db,
      queue,
      { n: 'joined' },
      { dedupeKey: `${queue}:k`, priority: BACKGROUND },
    );
    expect(await enqueueJob(handle.db, queue, { n: 'asked' }, { dedupeKey: `${queue}:k` })).toBe(waiting);
    // A background request joining a job someone asked for leaves it where it is.
    expect(await enqueueJob(handle.db, queue, {}, { dedupeKey: `${queue}:k`, priority: BACKGROUND })).toBe(
      waiting,
    );
    const seen: unknown[] = [];
    await worker(queue, async (job) => void seen.push(job.payload), { concurrency: 1 }).drain();
    expect(seen).toEqual([{ n: 'joined' }, { n: 'other sweep' }]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, {});
    let calls = 0;
    const delays: number[] = [];
    const count = await worker(
      queue,
      async () => {
        calls++;
        if (calls < 3) throw new Error(`flaky ${calls}`);
      },
      {
        backoffMs: (attempt) => {
          delays.push(attempt);
          return 0;
        },
      },
    ).drain();
    expect(count).toBe(3);
    expect(delays).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 3 });
  });

  it('schedules the retry after the backoff delay', async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, {});
    const runner = worker(
      queue,
      async () => {
        throw new Error('later');
      },
      { backoffMs: () => 60_000 },
    );
    expect(await runner.drain()).toBe(1);
    const [row] = await handle.rows<{ state: string; later: boolean }>(
      sql`select state, run_at > now() + interval '50 seconds' as later from jobs where id = ${id}`,
    );
    expect(row).toEqual({ state: 'queued', later: true });
  });

  it('gives up at once on a permanent error and after the last attempt otherwise', async () => {
    const queue = freshQueue();
    const permanent = await enqueueJob(handle.db, queue, { kind: 'permanent' });
    const exhausted = await enqueueJob(handle.db, queue, { kind: 'flaky' }, { maxAttempts: 2 });
    const givenUp: string[] = [];
    const calls: Record<string, number> = {};
    await worker(
      queue,
      async (job: ClaimedJob) => {
        calls[job.id] = (calls[job.id] ?? 0) + 1;
        if ((job.payload as { kind: string }).kind === 'permanent') throw new PermanentJobError('never');
        throw new Error('again');
      },
      { onGiveUp: async (job) => void givenUp.push(job.id) },
    ).drain();
    expect(calls).toEqual({ [permanent]: 1, [exhausted]: 2 });
    expect(givenUp.sort()).toEqual([permanent, exhausted].sort());
    expect(await jobRow(permanent)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'never' });
    expect(await jobRow(exhausted)).toMatchObject({ state: 'failed', attempts: 2, last_error: 'again' });
  });

  it('times out a stuck attempt without blocking the other jobs', async () => {
    const queue = freshQueue();
    const stuck = await enqueueJob(handle.db, queue, { stuck: true }, { maxAttempts: 1 });
    const quick = await enqueueJob(handle.db, queue, { stuck: false });
    let aborted = false;
    await worker(
      queue,
      (job, signal) => {
        if (!(job.payload as { stuck: boolean }).stuck) return Promise.resolve();
        signal.addEventListener('abort', () => (aborted = true));
        return new Promise<void>(() => undefined);
      },
      { timeoutMs: 200, concurrency: 1 },
    ).drain();
    expect(aborted).toBe(true);
    expect(await jobRow(quick)).toMatchObject({ state: 'completed' });
    const row = await jobRow(stuck);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row?.last_error).toContain('did not finish');
  });

  it('takes over a job whose worker died (its lease expired), and not one still leased', async () => {
    const queue = freshQueue();
    const dead = await enqueueJob(handle.db, queue, { name: 'dead' });
    const alive = await enqueueJob(handle.db, queue, { name: 'alive' });
    await handle.db.execute(sql`
      update jobs set state = 'running', attempts = 1,
        locked_until = case when id = ${dead} then now() - interval '1 second' else now() + interval '1 hour' end
      where queue = ${queue}`);
    const ran: unknown[] = [];
    await worker(queue, async (job) => void ran.push(job.payload)).drain();
    expect(ran).toEqual([{ name: 'dead' }]);
    expect(await jobRow(dead)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(await jobRow(alive)).toMatchObject({ state: 'running', attempts: 1 });
  });

  it('renews the lease of a long attempt, so a second worker does not take over a job still running', async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, { long: true });
    let runs = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const options = { timeoutMs: 10_000, leaseMs: 300 };
    const first = worker(
      queue,
      async () => {
        runs++;
        await released;
      },
      options,
    );
    first.start();
    await expect.poll(() => runs).toBe(1);
    // Three lease periods later the job is still leased by the first worker: the second finds nothing.
    await new Promise((resolve) => setTimeout(resolve, 900));
    const second = worker(queue, async () => void runs++, options);
    expect(await second.drain()).toBe(0);
    release();
    await expect.poll(async () => (await jobRow(id))?.state).toBe('completed');
    expect(runs).toBe(1);
    await first.stop();
  });

  it("takes over a dead worker's job after its lease, not after the job's whole time limit", async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, { name: 'orphan' });
    // A claim as a worker with a 10-minute limit and a 300 ms lease makes it; then that worker "dies".
    const dying = worker(
      queue,
      (_job, signal) =>
        new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      { timeoutMs: 600_000, leaseMs: 300 },
    );
    dying.start();
    await expect.poll(async () => (await jobRow(id))?.state).toBe('running');
    const [lease] = await handle.rows<{ seconds: number }>(
      sql`select extract(epoch from locked_until - now())::float as seconds from jobs where id = ${id}`,
    );
    expect(Number(lease?.seconds)).toBeLessThan(1);
    await dying.stop();
  });

  it('claims several due jobs at once, and a worker dying mid-batch loses none of them', async () => {
    const queue = freshQueue();
    const ids = await Promise.all([1, 2, 3, 4].map((n) => enqueueJob(handle.db, queue, { n })));
    // Claims all four in one go, then "dies": none of its attempts ever ends.
    let claimed = 0;
    const dying = worker(
      queue,
      (_job, signal) => {
        claimed++;
        return new Promise<void>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
      { concurrency: 4, timeoutMs: 600_000 },
    );
    dying.start();
    await expect.poll(() => claimed).toBe(4);
    // Its leases run out (the next renewal is 20 s away), as a dead process's would.
    await handle.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where queue = ${queue}`,
    );
    const ran: string[] = [];
    const survivor = worker(queue, async (job) => void ran.push(job.id), { concurrency: 4 });
    expect(await survivor.drain()).toBe(4);
    expect(new Set(ran)).toEqual(new Set(ids));
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 2 });
    // The dead worker's late outcome cannot overwrite the newer attempt's.
    await dying.stop();
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('records every completion of jobs finishing together', async () => {
    const queue = freshQueue();
    await enqueueJobs(
      handle.db,
      queue,
      Array.from({ length: 30 }, (_, n) => ({ n })),
    );
    expect(await worker(queue, async () => undefined, { concurrency: 8 }).drain()).toBe(30);
    const [counts] = await handle.rows<{ completed: number; open: number }>(sql`
      select count(*) filter (where state = 'completed')::int as completed,
        count(*) filter (where state <> 'completed')::int as open
      from jobs where queue = ${queue}`);
    expect(counts).toEqual({ completed: 30, open: 0 });
  });

  it('never runs one job twice with two workers claiming at once', async () => {
    const queue = freshQueue();
    const ids = new Set<string>();
    for (let index = 0; index < 40; index++) ids.add(await enqueueJob(handle.db, queue, { index }));
    const runs: string[] = [];
    const handler = async (job: ClaimedJob) => {
      runs.push(job.id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const [first, second] = await Promise.all([
      worker(queue, handler, { concurrency: 3 }).drain(),
      worker(queue, handler, { concurrency: 3 }).drain(),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(40);
    expect(runs).toHaveLength(40);
    expect(new Set(runs)).toEqual(ids);
  });

  it('stops cleanly: a running attempt is aborted and due again, not counted', async () => {
    const queue = freshQueue();
    const id = await enqueueJob(handle.db, queue, {});
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = worker(queue, (_job, signal) => {
      started();
      return new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    runner.start();
    await running;
    await runner.stop();
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    // A stopped worker claims nothing more.
    runner.wake();
    expect(await runner.drain()).toBe(0);
  });

  it('keeps claiming after being woken while every slot was busy', async () => {
    const queue = freshQueue();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: string[] = [];
    const runner = worker(
      queue,
      async (job) => {
        if (done.length === 0) await gate;
        done.push(job.id);
      },
      { concurrency: 1 },
    );
    const first = await enqueueJob(handle.db, queue, { n: 1 });
    runner.start();
    await expect.poll(async () => (await jobRow(first))?.state).toBe('running');
    // Woken with its one slot busy (what an enqueue does): this must not wedge the worker.
    runner.wake();
    runner.wake();
    const second = await enqueueJob(handle.db, queue, { n: 2 });
    release();
    await expect.poll(() => done.length, { timeout: 3000 }).toBe(2);
    expect(done).toEqual([first, second]);
    await runner.stop();
  });
});
