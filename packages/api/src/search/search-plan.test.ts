import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

const OTHER_WORKSPACES = 1_000;
const LARGE_WORKSPACE_COMMENTS = 10_000;

/** A large workspace among many small ones: 1,000 workspaces of five comments each, and one of 10,000. */
async function manyWorkspaces(api: Harness, world: CatalogWorld): Promise<void> {
  const owner = world.owner.id;
  await api.db.rows(sql`insert into workspaces (id, owner_id, name, slug)
    select gen_random_uuid(), ${owner}, 'Small ' || g, 'small-plan-' || g
    from generate_series(1, ${OTHER_WORKSPACES}) g`);
  await api.db.rows(sql`insert into projects (workspace_id, slug, name)
    select id, 'p', 'Project' from workspaces where slug like 'small-plan-%'
    union all select ${world.workspaceId}, 'p', 'Project'`);
  await api.db.rows(sql`insert into comments (workspace_id, commenter_id, project_id, content)
    select p.workspace_id, ${owner}, p.id, 'Notes about bundlers and caches ' || g
    from projects p, generate_series(1, 5) g where p.workspace_id <> ${world.workspaceId}`);
  await api.db.rows(sql`insert into comments (workspace_id, commenter_id, project_id, content)
    select p.workspace_id, ${owner}, p.id, 'Notes about bundlers and caches ' || g
    from projects p, generate_series(1, ${LARGE_WORKSPACE_COMMENTS}) g where p.workspace_id = ${world.workspaceId}`);
  await api.db.rows(sql`analyze comments`);
}

describe('search plan', () => {
  test("finds a large workspace's matches through the search index in the plan made for that workspace", async ({
    api,
    world,
  }) => {
    await manyWorkspaces(api, world);
    // search_catalog's comment branch, planned for the workspace and words of the call (a custom plan), as
    // the function's plan_cache_mode makes PostgreSQL plan it on every call. A plan kept for any workspace
    // would believe a workspace holds about 15 comments, and which index it takes then is a close call.
    const plan = await api.db.db.transaction(async (tx) => {
      await tx.execute(sql`prepare search_plan_probe(uuid, text, integer) as
        select c.id from comments c, websearch_to_tsquery('english'::regconfig, $2) q
        where c.workspace_id = $1 and c.search @@ q
        order by ts_rank(c.search, q) desc, c.id limit $3`);
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      // EXPLAIN EXECUTE takes no parameters: the workspace's id (a uuid the fixture made) is written in.
      const explained = await tx.execute(
        sql.raw(`explain execute search_plan_probe('${world.workspaceId}', 'nothing', 20)`),
      );
      await tx.execute(sql`deallocate search_plan_probe`);
      return (explained as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row).join(''))
        .join('\n');
    });
    // The index holds the workspace beside the search vector: it answers both conditions itself.
    expect(plan).toMatch(/Index Scan on comments_search_idx[^\n]*\n\s*Index Cond: \(\(workspace_id = /);
    expect(plan).not.toContain('comments_workspace_idx');
  });

  // With many workspaces the plan kept for any workspace believes each one small and reads a large one's
  // comments through the workspace's btree index: the function is planned for each call. A later CREATE OR
  // REPLACE of the function drops that setting unless it says it again.
  test('plans search_catalog for each call, for its own workspace', async ({ api }) => {
    const [row] = await api.db.rows<{ config: string[] | null }>(
      sql`select proconfig as config from pg_proc where proname = 'search_catalog'`,
    );
    expect(row?.config).toContain('plan_cache_mode=force_custom_plan');
  });
});
