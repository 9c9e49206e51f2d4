import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBackground } from './background.ts';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';
import { isAbandoned, whileWanted } from './wanted.ts';

// The embedded database in its worker thread (always PGlite, whichever engine the other tests use).
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: MEMORY });
  await handle.rows(sql`create table notes (id int primary key, body text not null)`);
});

afterAll(async () => {
  await handle.close();
});

describe('PGlite in a worker thread', () => {
  it('lets the event loop turn between queries that follow each other (a job worker), not only after the last', async () => {
    // Counts the event loop's turns: setImmediate callbacks run once per turn.
    let turns = 0;
    let immediate = setImmediate(function tick() {
      turns++;
      immediate = setImmediate(tick);
    });
    const turnsBefore: number[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        turnsBefore.push(turns);
        await handle.rows(sql`select ${i}::int as i`);
      }
    } finally {
      clearImmediate(immediate);
    }
    // On the main thread, PGlite's answers settled without a turn: the count stayed 0 through the loop.
    expect(turnsBefore.at(-1)).toBeGreaterThanOrEqual(10);
  });

  it("starts a request's query before the background queries waiting for the connection", async () => {
    const order: string[] = [];
    const inFlight = asBackground(() => handle.rows(sql`select pg_sleep(0.05)`)).then(() =>
      order.push('background 0'),
    );
    const waiting = [1, 2, 3].map((n) =>
      asBackground(() => handle.rows(sql`select ${n}::int`)).then(() => order.push(`background ${n}`)),
    );
    const request = handle.rows(sql`select 'request'`).then(() => order.push('request'));
    await Promise.all([inFlight, ...waiting, request]);
    expect(order).toEqual(['background 0', 'request', 'background 1', 'background 2', 'background 3']);
  });

  it('does not run a query whose client went away while it waited here, and runs the next one', async () => {
    // Two queries are at the thread already (one running, one sent behind it): the third waits here.
    const inFlight = Promise.all([handle.rows(sql`select pg_sleep(0.1)`), handle.rows(sql`select 1`)]);
    const client = new AbortController();
    const abandoned = whileWanted(client.signal, () =>
      handle.rows(sql`insert into notes values (100, 'superseded') returning id`),
    ).catch((error: unknown) => error);
    const stillWanted = whileWanted(new AbortController().signal, () =>
      handle.rows(sql`insert into notes values (101, 'wanted') returning id`),
    );
    client.abort();
    await inFlight;
    expect(isAbandoned(await abandoned)).toBe(true);
    expect(await stillWanted).toEqual([{ id: 101 }]);
    expect(await handle.rows(sql`select id from notes where id >= 100 order by id`)).toEqual([{ id: 101 }]);
    await handle.rows(sql`delete from notes where id >= 100`);
  });

  it('does not run a query sent to the thread whose client went away before the thread started it', async () => {
    const inFlight = handle.rows(sql`select pg_sleep(0.1)`);
    const client = new AbortController();
    const abandoned = whileWanted(client.signal, () =>
      handle.rows(sql`insert into notes values (102, 'superseded') returning id`),
    ).catch((error: unknown) => error);
    // Drizzle hands it over within this turn of the event loop; it is sent at once, behind the running one.
    await new Promise(setImmediate);
    client.abort();
    await inFlight;
    expect(isAbandoned(await abandoned)).toBe(true);
    expect(await handle.rows(sql`select id from notes where id >= 100`)).toEqual([]);
  });

  it('answers each of many queries at once with its own result, one failing among them', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        n === 7 ? handle.rows(sql`select 1 / 0`) : handle.rows(sql`select ${n}::int as n`),
      ),
    );
    expect(answers[7]?.status).toBe('rejected');
    expect(answers.filter((answer) => answer.status === 'fulfilled').map((answer) => answer.value)).toEqual(
      Array.from({ length: 20 }, (_, n) => n)
        .filter((n) => n !== 7)
        .map((n) => [{ n }]),
    );
  });

  it("keeps the text of timestamps for the queries that ask (Drizzle's), and parses them for the others", async () => {
    const thread = await PgliteThread.start({ dataDir: MEMORY });
    try {
      const stamp = "select '2026-01-02 03:04:05+00'::timestamptz as at";
      const keepText = (value: string) => value;
      for (let round = 0; round < 2; round++) {
        const asked = await thread.query<{ at: unknown }>(stamp, [], { parsers: { 1184: keepText } });
        const plain = await thread.query<{ at: unknown }>(stamp);
        expect(asked.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
        expect(plain.rows[0]?.at).toEqual(new Date('2026-01-02T03:04:05Z'));
      }
    } finally {
      await thread.close(false);
    }
  });

  it('runs a transaction alone: a query started meanwhile waits for its commit', async () => {
    let meanwhile: Promise<unknown> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (200, 'uncommitted')`);
      meanwhile = handle.rows(sql`select count(*)::int as n from notes where id = 200`);
      await new Promise(setImmediate);
      await tx.execute(sql`delete from notes where id = 200`);
    });
    // Inside the open transaction it would have counted the row.
    expect(await meanwhile).toEqual([{ n: 0 }]);
  });

  it("keeps PostgreSQL's error fields (a unique violation's code) and rolls a failed transaction back", async () => {
    await handle.rows(sql`insert into notes (id, body) values (1, 'first')`);
    const failed = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (2, 'second')`);
        await tx.execute(sql`insert into notes (id, body) values (1, 'again')`);
      })
      .catch((error: unknown) => error);
    let cause: unknown = failed;
    while (cause instanceof Error && !('code' in cause)) cause = cause.cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect(await handle.rows(sql`select id, body from notes order by id`)).toEqual([
      { id: 1, body: 'first' },
    ]);
  });

  it('rolls back a transaction whose first statement fails, and leaves none open after an empty one', async () => {
    const failed = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (300, null)`);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    await handle.db.transaction(async () => undefined);
    // Outside any transaction: a statement that may not run inside one.
    await handle.rows(sql`vacuum notes`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (300, 'third')`);
    });
    expect(await handle.rows(sql`delete from notes where id = 300 returning body`)).toEqual([
      { body: 'third' },
    ]);
  });

  it('fails a transaction whose COMMIT fails, and the query waiting behind it sees nothing of it', async () => {
    await handle.rows(sql`create table parents (id int primary key)`);
    await handle.rows(
      sql`create table kids (id int primary key, parent int references parents deferrable initially deferred)`,
    );
    let meanwhile: Promise<unknown> | undefined;
    const failed = await handle.db
      .transaction(async (tx) => {
        // Checked only at COMMIT.
        await tx.execute(sql`insert into kids values (1, 99)`);
        meanwhile = handle.rows(sql`select count(*)::int as n from kids`);
      })
      .catch((error: unknown) => error);
    let cause: unknown = failed;
    while (cause instanceof Error && !('code' in cause)) cause = cause.cause;
    expect(cause).toMatchObject({ code: '23503' });
    expect(await meanwhile).toEqual([{ n: 0 }]);
  });

  it('dumps the data directory, and a new database starts from that snapshot', async () => {
    const snapshot = await handle.dumpPglite?.();
    if (!snapshot) throw new Error('no snapshot');
    const copy = await createDb({ dataDir: MEMORY, pgliteSnapshot: snapshot });
    try {
      expect(await copy.rows(sql`select body from notes`)).toEqual([{ body: 'first' }]);
    } finally {
      await copy.close();
    }
  });
});
