import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import { createTestDb } from './testing.ts';
import { isAbandoned, whileWanted } from './wanted.ts';

// On PostgreSQL a query waits only when every connection of the pool is busy: here a pool of one, behind a
// query that sleeps. PGlite's own queue is tested in pglite-thread.test.ts. Skipped without TEST_DATABASE_URL
// (the PostgreSQL pass of `npm test` runs it).
const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)(
  'PostgreSQL: a read whose client went away while it waited for a connection',
  () => {
    let database: Awaited<ReturnType<typeof createTestDb>>;
    let handle: DbHandle;

    beforeAll(async () => {
      database = await createTestDb();
      if (!database.databaseUrl) throw new Error('TEST_DATABASE_URL gave no database');
      handle = await createDb({ databaseUrl: database.databaseUrl, dataDir: MEMORY, poolMax: 1 });
      await handle.rows(sql`create table notes (id int primary key)`);
    });

    afterAll(async () => {
      await handle.close();
      await database.close();
    });

    it('is not sent, and the next one is', async () => {
      const busy = handle.rows(sql`select pg_sleep(0.2)`);
      const client = new AbortController();
      const abandoned = whileWanted(client.signal, () =>
        handle.rows(sql`insert into notes values (1) returning id`),
      ).catch((error: unknown) => error);
      const stillWanted = whileWanted(new AbortController().signal, () =>
        handle.rows(sql`insert into notes values (2) returning id`),
      );
      client.abort();
      await busy;
      expect(isAbandoned(await abandoned)).toBe(true);
      expect(await stillWanted).toEqual([{ id: 2 }]);
      expect(await handle.rows(sql`select id from notes order by id`)).toEqual([{ id: 2 }]);
    });

    it('leaves every other query as it was: errors reported, the connection still usable', async () => {
      const failure = await whileWanted(new AbortController().signal, () =>
        handle.rows(sql`insert into notes values (2)`),
      ).catch((error: unknown) => error);
      let cause = failure;
      while (cause instanceof Error && !('code' in cause)) cause = cause.cause;
      expect(cause).toMatchObject({ code: '23505' });
      expect(await handle.rows(sql`select count(*)::int as n from notes`)).toEqual([{ n: 1 }]);
    });
  },
);
