import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import type { MaintenanceOptions } from './pglite-maintenance.ts';

// PGlite's own maintenance (pglite-maintenance.ts), on a table of its own in a new in-memory database.
describe('PGlite maintenance', () => {
  let handle: DbHandle;
  const maintain = (options?: MaintenanceOptions) => {
    if (!handle.maintain) throw new Error('a PGlite handle maintains itself');
    return handle.maintain(options);
  };
  const tableBytes = async () => {
    const [row] = await handle.rows<{ bytes: number }>(sql`select pg_table_size('notes')::int as bytes`);
    return row?.bytes ?? 0;
  };
  const editEveryNote = (round: number) => handle.rows(sql`update notes set body = body || ${String(round)}`);

  beforeEach(async () => {
    handle = await createDb({ dataDir: MEMORY });
    await handle.rows(sql`create table notes (id int primary key, body text not null)`);
  });
  afterEach(() => handle.close());

  it('vacuums a table whose rows were edited, so that editing them again reuses the space', async () => {
    await handle.rows(sql`insert into notes select g, repeat('x', 100) from generate_series(1, 5000) g`);
    await maintain();
    await editEveryNote(1);
    const edited = await tableBytes();

    // Without maintenance the dead rows stay: another round of edits makes the table grow.
    await editEveryNote(2);
    expect(await tableBytes()).toBeGreaterThan(edited * 1.3);

    const report = await maintain();
    expect(report.vacuumed).toEqual(['public.notes']);
    const vacuumed = await tableBytes();
    await editEveryNote(3);
    expect(await tableBytes()).toBeLessThanOrEqual(vacuumed);
  });

  it('gives the planner statistics once enough of a table changed, and leaves an unchanged one alone', async () => {
    await handle.rows(sql`insert into notes select g, 'note ' || g from generate_series(1, 200) g`);
    const estimate = async () => {
      const [row] = await handle.rows<{ rows: number }>(
        sql`select reltuples::int as rows from pg_class where relname = 'notes'`,
      );
      return row?.rows;
    };
    expect(await estimate()).toBe(-1);

    expect(await maintain()).toMatchObject({ vacuumed: [], analyzed: ['public.notes'] });
    expect(await estimate()).toBe(200);
    expect(await maintain()).toMatchObject({ vacuumed: [], analyzed: [] });

    await handle.rows(sql`delete from notes where id <= 100`);
    expect(await maintain()).toMatchObject({ vacuumed: ['public.notes'], analyzed: [] });
    expect(await estimate()).toBe(100);
  });

  it('checkpoints once writes wait for one, so that a crash replays only what came after it', async () => {
    const redo = async () => {
      const [row] = await handle.rows<{ lsn: string }>(
        sql`select redo_lsn::text as lsn from pg_control_checkpoint()`,
      );
      return row?.lsn;
    };
    await handle.rows(sql`checkpoint`);
    const before = await redo();
    await handle.rows(sql`insert into notes values (1, 'first')`);
    // Within the interval of the last checkpoint: none yet.
    expect((await maintain()).checkpointed).toBe(false);
    expect(await redo()).toBe(before);

    expect((await maintain({ checkpointAfterSeconds: 0 })).checkpointed).toBe(true);
    const after = await redo();
    expect(after).not.toBe(before);
    // Nothing written since: no other checkpoint.
    expect((await maintain({ checkpointAfterSeconds: 0 })).checkpointed).toBe(false);
    expect(await redo()).toBe(after);
  });

  it('keeps at most 128 MB of used WAL on disk after a checkpoint, however much was written before', async () => {
    const walMegabytes = async () => {
      const [row] = await handle.rows<{ mb: number }>(
        sql`select (sum(size) / 1048576)::int as mb from pg_ls_waldir()`,
      );
      return row?.mb ?? 0;
    };
    // About 200 MB of WAL: rows of 1 kB that compression cannot shrink.
    await handle.rows(
      sql`insert into notes select g, repeat(md5(g::text), 32) from generate_series(1, 180000) g`,
    );
    expect(await walMegabytes()).toBeGreaterThan(160);
    expect((await maintain({ checkpointAfterSeconds: 0 })).checkpointed).toBe(true);
    // The cap, and the segment being written (16 MB).
    expect(await walMegabytes()).toBeLessThanOrEqual(128 + 16);
  });
});
