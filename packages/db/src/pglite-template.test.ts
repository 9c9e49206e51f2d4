import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@stackyard/testing/processes';
import { createDb } from './client.ts';
import { saveTemplate } from './pglite-template.ts';

// New data directories against the cache of migrated clusters, in a cache folder of this file's own.

const cache = tempDir('stackyard-template-cache');
const dirs = tempDir('stackyard-template-dirs');
const kept = () => readdirSync(join(cache.path, 'stackyard')).filter((name) => name.endsWith('.tar'));

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
    expect(kept()).toHaveLength(1);
    // A table only the kept cluster has tells that the next new directory was copied from it.
    await first.db.execute(sql`create table kept_marker (id int)`);
    await first.db.execute(sql`insert into kept_marker values (1)`);
    const tarball = await first.dumpPglite?.();
    if (!tarball) throw new Error('no dump');
    saveTemplate(await tarball.arrayBuffer());
    await first.close();

    const second = await createDb({ dataDir: join(dirs.path, 'second') });
    await second.migrate();
    expect(await second.rows(sql`select id from kept_marker`)).toEqual([{ id: 1 }]);
    await second.db.execute(sql`insert into kept_marker values (2)`);
    await second.close();
    // On disk like any other: a second start reads what the first wrote.
    const reopened = await createDb({ dataDir: join(dirs.path, 'second') });
    expect(await reopened.rows(sql`select id from kept_marker order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
    await reopened.close();
  });

  it('is made by initdb when what is kept is not a tarball, or of other migrations, and keeps its own', async () => {
    const folder = join(cache.path, 'stackyard');
    const [current] = kept();
    if (!current) throw new Error('nothing kept');
    writeFileSync(join(folder, current), '');
    writeFileSync(join(folder, 'pglite-migrated-0000000000000000.tar'), 'of other migrations');

    const third = await createDb({ dataDir: join(dirs.path, 'third') });
    await third.migrate();
    // Made by initdb: no table of the kept cluster above.
    expect(await third.rows(sql`select to_regclass('kept_marker') as found`)).toEqual([{ found: null }]);
    await third.close();
    expect(kept()).toEqual([current]);
    expect(statSync(join(folder, current)).size).toBeGreaterThan(1_000_000);
  });
});
