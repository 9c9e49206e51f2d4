import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from './testing.ts';

const file = new URL('../migrations/repeatable/search_catalog.sql', import.meta.url);
const hash = createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex');
const STUB =
  sql.raw(`CREATE OR REPLACE FUNCTION "search_catalog"(p_workspace uuid, p_text text, p_prefix text, p_limit integer)
RETURNS TABLE (kind text, id uuid, title text, slug text, rank float8, target_kind text, target_id uuid,
  target_slug text, icon_media text, snippet text) LANGUAGE sql STABLE AS $$ SELECT NULL::text, NULL::uuid,
  NULL::text, NULL::text, NULL::float8, NULL::text, NULL::uuid, NULL::text, NULL::text, 'stub'::text WHERE false $$`);

describe('repeatable migrations', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  const definition = async () =>
    (await handle.rows<{ d: string }>(sql`select pg_get_functiondef('search_catalog'::regproc) as d`))[0]?.d;
  const recorded = async () =>
    (
      await handle.rows<{ name: string; hash: string }>(sql`select name, hash from repeatable_migrations`)
    ).map((row) => [row.name, row.hash]);

  it('defines the search after the numbered migrations, with one plan kept for every call, and records the text it ran', async () => {
    const current = await definition();
    expect(current).toContain('resource_copies');
    expect(current).toContain("SET plan_cache_mode TO 'force_generic_plan'");
    expect(await recorded()).toEqual([['search_catalog.sql', hash]]);
  });

  it('runs a file again when its text differs from the one recorded, and not otherwise', async () => {
    await handle.db.execute(STUB);
    await handle.migrate();
    expect(await definition()).toContain("'stub'");

    await handle.db.execute(sql`update repeatable_migrations set hash = 'an older text'`);
    await handle.migrate();
    expect(await definition()).toContain('resource_copies');
    expect(await recorded()).toEqual([['search_catalog.sql', hash]]);
  });
});
