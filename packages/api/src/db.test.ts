import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { dbTest } from '@stackyard/testing/db-fixtures';
import { inTransaction, together } from './db.ts';

const test = dbTest();

describe('together', () => {
  test('answers each statement in order, and fails only once every statement is done', async ({ db }) => {
    await db.rows(sql`create table together_notes (id int primary key)`);
    // The executor's results are typed for any driver: both drivers answer `rows`.
    const rowsOf = async (query: PromiseLike<unknown>) => [...((await query) as { rows: unknown[] }).rows];
    expect(
      await inTransaction(db.db, (tx) =>
        together([rowsOf(tx.execute(sql`select 1 as one`)), rowsOf(tx.execute(sql`select 'two' as two`))]),
      ),
    ).toEqual([[{ one: 1 }], [{ two: 'two' }]]);

    let late: Promise<unknown> = Promise.resolve();
    const failed = await inTransaction(db.db, (tx) => {
      // Sent after the failure is known: it must still belong to the transaction, which rolls it back.
      late = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        tx.execute(sql`insert into together_notes values (1)`),
      );
      return together([tx.execute(sql`select 1 / 0`), late]);
    }).catch((error: unknown) => error);
    await late.catch(() => undefined);
    expect(failed).toBeInstanceOf(Error);
    expect(await db.rows(sql`select id from together_notes`)).toEqual([]);
  });
});
