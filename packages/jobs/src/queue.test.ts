import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DbHandle } from '@stackyard/db/client';
import { enqueueJob } from '@stackyard/db/job-queue';
import { createTestDb } from '@stackyard/db/testing';
import { createQueueWorker, defineQueue, InvalidPayloadError } from './queue.ts';

// A typed queue checks its payloads at both ends, against the real database.

const quiet = { warn: () => undefined, error: () => undefined };

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

let counter = 0;
function testQueue() {
  return defineQueue({
    name: `typed-${++counter}`,
    payload: z.object({ itemId: z.uuid(), count: z.number().int().positive() }),
    concurrency: 1,
    timeoutMs: 2000,
    maxAttempts: 4,
  });
}

async function jobRows(queue: string) {
  return handle.rows<{ state: string; attempts: number; last_error: string | null; payload: unknown }>(
    sql`select state, attempts, last_error, payload from jobs where queue = ${queue} order by created_at, id`,
  );
}

describe('typed queue', () => {
  it('hands the handler the parsed payload and takes the declared attempts', async () => {
    const queue = testQueue();
    const itemId = randomUUID();
    await queue.enqueue(handle.db, { itemId, count: 2 });
    const seen: { itemId: string; count: number }[] = [];
    const worker = createQueueWorker(handle.db, queue, {
      pollMs: 50,
      log: quiet,
      handle: async (payload) => {
        seen.push(payload);
      },
    });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ itemId, count: 2 }]);
    const [row] = await handle.rows<{ max_attempts: number; state: string }>(
      sql`select max_attempts, state from jobs where queue = ${queue.name}`,
    );
    expect(row).toEqual({ max_attempts: 4, state: 'completed' });
  });

  it('refuses a payload that does not match its schema at enqueue, writing no job', async () => {
    const queue = testQueue();
    const bad = { itemId: 'not-a-uuid', count: 0 } as unknown as z.input<typeof queue.payload>;
    await expect(queue.enqueue(handle.db, bad)).rejects.toThrow(InvalidPayloadError);
    await expect(queue.enqueue(handle.db, bad)).rejects.toThrow(
      `the payload does not match the ${queue.name} queue's schema: itemId: Invalid UUID`,
    );
    await expect(queue.enqueueMany(handle.db, [{ itemId: randomUUID(), count: 1 }, bad])).rejects.toThrow(
      InvalidPayloadError,
    );
    expect(await jobRows(queue.name)).toEqual([]);
  });

  it('dead-letters a stored payload that does not match: failed at once, no retry, the reason kept', async () => {
    const queue = testQueue();
    // What an older version may have written: the row is there, its payload is not what the queue takes.
    await enqueueJob(handle.db, queue.name, { item: 'old-shape' }, { maxAttempts: 5 });
    const good = randomUUID();
    await queue.enqueue(handle.db, { itemId: good, count: 1 });
    const handled: string[] = [];
    const givenUp: string[] = [];
    const worker = createQueueWorker(handle.db, queue, {
      pollMs: 50,
      log: quiet,
      policy: { backoffMs: () => 0 },
      handle: async ({ itemId }) => {
        handled.push(itemId);
      },
      giveUp: async ({ itemId }) => {
        givenUp.push(itemId);
      },
    });
    await worker.drain();
    expect(handled).toEqual([good]);
    expect(givenUp).toEqual([]);
    const [dead, done] = await jobRows(queue.name);
    expect(dead).toMatchObject({ state: 'failed', attempts: 1, payload: { item: 'old-shape' } });
    expect(dead?.last_error).toBe(
      `the payload does not match the ${queue.name} queue's schema: itemId: Invalid input: expected string, received undefined; count: Invalid input: expected number, received undefined`,
    );
    expect(done).toMatchObject({ state: 'completed', attempts: 1 });
  });
});
