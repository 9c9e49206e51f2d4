import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { appTest } from '@stackyard/testing/app-fixtures';

const test = appTest({ deps: { maintenanceIntervalMs: 100 } });

// PostgreSQL vacuums, analyzes and checkpoints by itself; only PGlite needs the server to do it.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database maintenance', () => {
  // `app` unused but asked for: its maintenance is what the test watches.
  test('vacuums and analyzes a table the app wrote to while it runs, and logs what it did', async ({
    app: _app,
    db,
    logLines,
  }) => {
    await db.rows(sql`create table notes (id int primary key, body text not null)`);
    await db.rows(sql`insert into notes select g, 'note ' || g from generate_series(1, 2000) g`);
    const logged = () =>
      logLines
        .map((line) => JSON.parse(line) as { msg: string; vacuumed?: string[]; ms?: number })
        .find((entry) => entry.msg === 'database maintenance' && entry.vacuumed?.includes('public.notes'));
    await expect.poll(logged, { timeout: 10_000 }).toMatchObject({ ms: expect.any(Number) });
    const [stats] = await db.rows<{ vacuumed: boolean; rows: number }>(
      sql`select s.last_vacuum is not null as vacuumed, c.reltuples::int as rows
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'notes'`,
    );
    expect(stats).toEqual({ vacuumed: true, rows: 2000 });
  });
});
