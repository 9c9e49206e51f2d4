import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@stackyard/testing/processes';
import { createDb } from './client.ts';

// New data directories against the cache of migrated clusters, in a cache folder of this file's own.

const cache = tempDir('stackyard-template-cache');
const dirs = tempDir('stackyard-template-dirs');
const folder = () => join(cache.path, 'stackyard');
const kept = () =>
  existsSync(folder()) ? readdirSync(folder()).filter((name) => name.startsWith('pglite-migrated-')) : [];

beforeAll(() => {
  process.env.XDG_CACHE_HOME = cache.path;
});

afterAll(() => {
  cache.remove();
  dirs.remove();
});

describe('a new data directory', () => {
  it('made by initdb is kept, migrated, for the next new one, which starts as a copy of it', async () => {
    const first = await createDb({ dataDir: join(dirs.path, 'first') });
    await first.migrate();
    expect(kept()).toEqual([]);
    // A table only the kept cluster has tells that the next new directory was copied from it.
    await first.db.execute(sql`create table kept_marker (id int)`);
    await first.db.execute(sql`insert into kept_marker values (1)`);
    await first.close();
    expect(kept()).toHaveLength(1);

    const second = await createDb({ dataDir: join(dirs.path, 'second') });
    await second.migrate();
    expect(await second.rows(sql`select id from kept_marker`)).toEqual([{ id: 1 }]);
    await second.db.execute(sql`insert into kept_marker values (2)`);
    await second.close();
    // On disk like any other, and apart from the copy it came from.
    const reopened = await createDb({ dataDir: join(dirs.path, 'second') });
    expect(await reopened.rows(sql`select id from kept_marker order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
    await reopened.close();
    const third = await createDb({ dataDir: join(dirs.path, 'third') });
    expect(await third.rows(sql`select id from kept_marker`)).toEqual([{ id: 1 }]);
    await third.close();
  });

  it('is made by initdb when the kept copy was cut short, which is made again; other migrations’ go', async () => {
    const [current] = kept();
    if (!current) throw new Error('nothing kept');
    rmSync(join(folder(), current, 'PG_VERSION'));
    mkdirSync(join(folder(), 'pglite-migrated-0000000000000000'));
    writeFileSync(join(folder(), 'pglite-migrated-0000000000000000', 'PG_VERSION'), '17\n');

    const fourth = await createDb({ dataDir: join(dirs.path, 'fourth') });
    await fourth.migrate();
    // Made by initdb: no table of the copy above.
    expect(await fourth.rows(sql`select to_regclass('kept_marker') as found`)).toEqual([{ found: null }]);
    await fourth.close();
    expect(kept()).toEqual([current]);
    expect(readdirSync(join(folder(), current))).toContain('PG_VERSION');
  });
});
