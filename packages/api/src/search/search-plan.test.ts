// search_catalog reads each kind of item one of two ways, by how many of that kind the workspace holds: a few
// through the workspace's own index, many through the search index. Both must answer alike, and the one plan
// kept for every call must take the index each way is written for.
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

/** search_catalog's `few`: from this many items of a kind on, it reads them through the search index. */
const MANY = 1_000;

/**
 * `count` items of every kind in a workspace, made in SQL. Item g says `word` min(g, 3) times, so the first
 * three rank apart; their text is the same in every workspace this is called for (tools are shared).
 */
async function addItems(api: Harness, workspaceId: string, owner: string, word: string, count: number) {
  const said = sql.raw(`rtrim(repeat('${word} ', least(g, 3)))`);
  await api.db.rows(sql`insert into tools (fingerprint, canonical_url, name, description)
    select md5(${word} || g), 'https://' || ${word} || '-' || g || '.example.com',
      initcap(${word}) || ' tool ' || g, ${said} || ' tool'
    from generate_series(1, ${count}) g
    where not exists (select from tools where fingerprint = md5(${word} || g))`);
  await api.db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url)
    select ${workspaceId}, t.id, ${word} || '-' || g, t.canonical_url
    from generate_series(1, ${count}) g join tools t on t.fingerprint = md5(${word} || g)`);
  await api.db.rows(sql`insert into resources (workspace_id, fingerprint, raw_submitted_url, extracted_title)
    select ${workspaceId}, md5(${word} || 'r' || g), 'https://blog.example.com/' || ${word} || '/' || g,
      'Notes ' || g || ' ' || ${said}
    from generate_series(1, ${count}) g`);
  // Resources whose fields do not say the word, found by their readable copy alone.
  await api.db.rows(sql`insert into resources (workspace_id, fingerprint, raw_submitted_url, extracted_title)
    select ${workspaceId}, md5(${word} || 'c' || g), 'https://copies.example.com/' || ${word} || '/' || g,
      'Saved page ' || g
    from generate_series(1, ${count}) g`);
  await api.db
    .rows(sql`insert into resource_copies (resource_id, workspace_id, source_url, html, content, fetched_at)
    select r.id, ${workspaceId}, r.raw_submitted_url, '<p>page</p>', 'A saved page: ' || ${said}, now()
    from generate_series(1, ${count}) g
    join resources r on r.workspace_id = ${workspaceId} and r.fingerprint = md5(${word} || 'c' || g)`);
  await api.db.rows(sql`insert into projects (workspace_id, slug, name)
    select ${workspaceId}, ${word} || '-' || g, 'Project ' || g || ' ' || ${said}
    from generate_series(1, ${count}) g`);
  await api.db.rows(sql`insert into comments (workspace_id, commenter_id, project_id, content)
    select p.workspace_id, ${owner}, p.id, 'Comment ' || g || ': ' || ${said}
    from generate_series(1, ${count}) g join projects p on p.workspace_id = ${workspaceId} and p.slug = ${word} || '-' || g`);
}

async function search(api: Harness, world: CatalogWorld, q: string): Promise<SearchResult[]> {
  const response = await api
    .as(world.owner)
    .get(`/search?workspace_id=${world.workspaceId}&q=${encodeURIComponent(q)}&limit=50`);
  return searchResultListSchema.parse(expectStatus(response, 200));
}

/** What a hit shows, without the ids that differ between workspaces. */
const shown = (hits: SearchResult[]) =>
  hits.map(({ kind, title, snippet_html, rank }) => ({ kind, title, snippet_html, rank }));

/** The plan PostgreSQL keeps for any workspace, of one branch of search_catalog as it is written. */
async function keptPlan(api: Harness, branch: string, workspaceId: string): Promise<string> {
  return api.db.db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`prepare search_plan_probe(uuid, text, integer) as
      select c.id from comments c, websearch_to_tsquery('english'::regconfig, $2) q
      where ${branch} order by ts_rank(c.search, q) desc, c.id limit $3`),
    );
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    // EXPLAIN EXECUTE takes no parameters: the workspace's id (a uuid the fixture made) is written in.
    const explained = await tx.execute(
      sql.raw(`explain execute search_plan_probe('${workspaceId}', 'nothing', 20)`),
    );
    await tx.execute(sql`deallocate search_plan_probe`);
    return (explained as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row).join(''))
      .join('\n');
  });
}

describe('search plan', () => {
  test('answers the same hits in the same order whether a kind is read through the search index or not', async ({
    api,
    world,
  }) => {
    const small = await catalogWorld(api);
    await addItems(api, small.workspaceId, small.owner.id, 'quokka', 3);
    // The same three of each kind among a thousand more of each that say something else.
    await addItems(api, world.workspaceId, world.owner.id, 'quokka', 3);
    await addItems(api, world.workspaceId, world.owner.id, 'filler', MANY);

    for (const q of ['quokka', 'quok', 'notes quokka', 'nothing here']) {
      const few = await search(api, small, q);
      const many = await search(api, world, q);
      expect(shown(many), q).toEqual(shown(few));
      if (q === 'nothing here') expect(many).toEqual([]);
      // Three tools, three resources by their fields and three by their copies, three projects, three comments.
      else expect(many.length, q).toBe(q === 'notes quokka' ? 3 : 15);
    }
    // Ranked within a kind: the comment saying the word most first.
    const comments = (await search(api, world, 'quokka')).filter((hit) => hit.kind === 'comment');
    expect(comments.map((hit) => hit.title)).toEqual([
      'Comment on Project 3 quokka quokka quokka',
      'Comment on Project 2 quokka quokka',
      'Comment on Project 1 quokka',
    ]);
  });

  test('keeps one plan for every call, taking the search index for many items and the workspace index for a few', async ({
    api,
    world,
  }) => {
    const [row] = await api.db.rows<{ config: string[] | null }>(
      sql`select proconfig as config from pg_proc where proname = 'search_catalog'`,
    );
    expect(row?.config).toContain('plan_cache_mode=force_generic_plan');
    // A plan kept for any workspace believes each one small: written as the first way, the search index is
    // the only index that can answer; written as the second, only the workspace's own.
    const many = await keptPlan(api, `c.workspace_id::text = $1::text and c.search @@ q`, world.workspaceId);
    expect(many).toContain('comments_search_idx');
    expect(many).not.toContain('comments_workspace_idx');
    const few = await keptPlan(api, `c.workspace_id = $1 and (c.search @@ q) is true`, world.workspaceId);
    expect(few).toContain('comments_workspace_idx');
    expect(few).not.toContain('comments_search_idx');
  });
});
