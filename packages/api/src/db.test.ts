import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { dbTest } from '@stackyard/testing/db-fixtures';
import { inTransaction, together } from './db.ts';

const test = dbTest();

describe('together', () => {
  test('answers each statement in order, and fails only once every statement is done', async ({ db }) => {
    await db.rows(sql`create table together_notes (id int primary key)`);
    expect(
      await inTransaction(db.db, (tx) =>
        together([tx.execute(sql`select 1 as one`), tx.execute(sql`select 'two' as two`)]),
      ).then((results) => results.map((result) => [...result.rows])),
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
