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
    const [made] = kept();
    if (!made) throw new Error('nothing kept');
    // Written after the migrations: the next new directory must not get it.
    await first.db.execute(sql`create table first_only (id int)`);
    await first.close();
    // A file planted in the kept copy tells that the next new directory was copied from it.
    writeFileSync(join(folder(), made, 'copied-from-the-cache'), '');

    const second = await createDb({ dataDir: join(dirs.path, 'second') });
    await second.migrate();
    expect(existsSync(join(dirs.path, 'second', 'copied-from-the-cache'))).toBe(true);
    expect(await second.rows(sql`select to_regclass('first_only') as found`)).toEqual([{ found: null }]);
    expect(await second.rows(sql`select count(*)::int as n from profiles`)).toEqual([{ n: 0 }]);
    await second.db.execute(sql`insert into profiles (identity_id) values (gen_random_uuid())`);
    await second.close();
    // On disk like any other, and apart from the copy it came from.
    const reopened = await createDb({ dataDir: join(dirs.path, 'second') });
    expect(await reopened.rows(sql`select count(*)::int as n from profiles`)).toEqual([{ n: 1 }]);
    await reopened.close();
    const third = await createDb({ dataDir: join(dirs.path, 'third') });
    expect(await third.rows(sql`select count(*)::int as n from profiles`)).toEqual([{ n: 0 }]);
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
    // Made by initdb: not the copy above.
    expect(existsSync(join(dirs.path, 'fourth', 'copied-from-the-cache'))).toBe(false);
    await fourth.close();
    expect(kept()).toEqual([current]);
    expect(readdirSync(join(folder(), current))).toContain('PG_VERSION');
  });
});
