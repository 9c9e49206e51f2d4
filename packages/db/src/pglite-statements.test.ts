import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

// Statements the server prepares, kept by PGlite's thread as named statements (pglite-statements.ts).
let thread: PgliteThread;
const keep = { keepStatement: true } as const;
const TIMESTAMPTZ = 1184;
const keepText = (value: string) => value;

beforeAll(async () => {
  thread = await PgliteThread.start({ dataDir: MEMORY });
  await thread.exec(`create table notes (id uuid primary key, n int, body text, at timestamptz not null);
    insert into notes values ('00000000-0000-4000-8000-000000000001', 1, 'one', '2026-01-02T03:04:05.678Z'),
      ('00000000-0000-4000-8000-000000000002', 2, null, '2026-02-03T04:05:06Z')`);
});

afterAll(async () => {
  await thread.close(false);
});

const planCounts = async () =>
  (
    await thread.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements',
    )
  ).rows;

describe('statements kept by the PGlite thread', () => {
  it('answer what the same query answers unkept: parameters of several types, parsers, rows as arrays', async () => {
    const text = `select id, n, body, at, $3::text as echoed from notes
      where (id = $1 or $1 is null) and n >= $2 order by n`;
    for (const params of [
      [null, 0, 'x'],
      ['00000000-0000-4000-8000-000000000002', 1, null],
    ]) {
      for (const options of [{}, { rowMode: 'array' as const, parsers: { [TIMESTAMPTZ]: keepText } }]) {
        const plain = await thread.query(text, params, options);
        // Twice: the second run is the statement PGlite already holds.
        expect(await thread.query(text, params, { ...options, ...keep })).toMatchObject({ rows: plain.rows });
        expect(await thread.query(text, params, { ...options, ...keep })).toMatchObject({ rows: plain.rows });
      }
    }
    const [first] = (await thread.query<{ at: unknown; n: unknown }>(text, [null, 0, 'x'], keep)).rows;
    expect(first?.at).toBeInstanceOf(Date);
    expect(first?.n).toBe(1);
  });

  it('are planned once, while other queries plan as usual', async () => {
    const text = 'select body from notes where n = $1 limit $2';
    for (let run = 0; run < 10; run++) await thread.query(text, [1, 5], keep);
    const kept = (await planCounts()).filter((row) => row.generic_plans + row.custom_plans === 10);
    expect(kept).toEqual([{ generic_plans: 10, custom_plans: 0 }]);
    const [mode] = (await thread.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows;
    expect(mode?.plan_cache_mode).toBe('auto');
  });

  it("answer the database's error when a run fails, and run again after it", async () => {
    const text = 'select body from notes where n = $1';
    const failure = await thread.query(text, ['not a number'], keep).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '22P02' });
    expect((await thread.query(text, [1], keep)).rows).toEqual([{ body: 'one' }]);
    expect((await thread.query('select count(*)::int as count from notes')).rows).toEqual([{ count: 2 }]);
  });

  it('are parsed again when a table they read changed the columns they answer', async () => {
    await thread.exec('create table shapes (id int primary key); insert into shapes values (1)');
    const text = 'select * from shapes where id = $1';
    expect((await thread.query(text, [1], keep)).rows).toEqual([{ id: 1 }]);
    await thread.exec("alter table shapes add column label text not null default 'square'");
    expect((await thread.query(text, [1], keep)).rows).toEqual([{ id: 1, label: 'square' }]);
  });
});
