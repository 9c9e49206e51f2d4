// The search-scale benchmark's data, made with set-based SQL (generate_series): one large workspace among
// many small ones, all owned by one person, a member of each.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';

/** What each small workspace holds: 96 items. */
export const SMALL = { tools: 20, resources: 5, projects: 1, comments: 70 };
/** What the large workspace holds: 56,001 items, the size of the known slow case. */
export const LARGE = { tools: 5_000, resources: 1_000, projects: 1, comments: 50_000 };
const GLOBAL_TOOLS = LARGE.tools;

export const OWNER_ID = '00000000-0000-4000-8000-000000000000';
/** The large workspace; the small ones follow it (…-9000-000000000001 and on). */
export const WORKSPACE_ID = '00000000-0000-4000-9000-000000000000';
/** Small workspace n (from 1). */
export const smallWorkspaceId = (n: number) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;

// The fourth group starts with 8 or 9 (the RFC 4122 variant) so the API's uuid schemas accept the ids.
const id = (prefix: string, expr: string) =>
  sql.raw(`('00000000-0000-4000-${prefix}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`);

// Words the generated text is made of; `kubernetes` is in one item in 500, so a search for it finds a few.
const WORDS = `array['fast','bundler','react','database','testing','command','line','framework','orm','vector',
  'search','typescript','rust','python','server','static','queue','cache','graph','editor']`;
const word = (expr: string) =>
  sql.raw(`(case when (${expr}) % 500 = 7 then 'kubernetes' else (${WORDS})[1 + (${expr}) % 20] end)`);

/** Items of workspace `w` (0 the large one), `counts` of each kind, numbered from `g`. */
async function seedItems(db: DbHandle, workspaces: string, counts: typeof SMALL): Promise<void> {
  const ws = id('9000', 'w');
  await db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url)
    select ${ws}, ${id('a000', `(w * ${counts.tools} + g) % ${GLOBAL_TOOLS}`)}, 'tool-' || g,
      'https://tool-' || g || '.example.com/'
    from ${sql.raw(workspaces)}, generate_series(0, ${counts.tools - 1}) g`);
  await db.rows(sql`insert into resources (workspace_id, fingerprint, raw_submitted_url, extracted_title, extracted_description)
    select ${ws}, md5('resource' || g), 'https://blog.example.com/post-' || g,
      'On ' || ${word('w + g * 11')} || ' and ' || ${word('g * 5 + 3')},
      'An article about ' || ${word('w * 3 + g')} || ' and ' || ${word('g / 3')}
    from ${sql.raw(workspaces)}, generate_series(0, ${counts.resources - 1}) g`);
  await db.rows(sql`insert into projects (id, workspace_id, slug, name)
    select ${id('8d00', 'w')}, ${ws}, 'project', initcap(${word('w')}) || ' project'
    from ${sql.raw(workspaces)}`);
  await db.rows(sql`insert into comments (workspace_id, commenter_id, project_id, content)
    select ${ws}, ${OWNER_ID}::uuid, ${id('8d00', 'w')},
      'We use it for ' || ${word('w + g * 3')} || ' with ' || ${word('g * 7 + 5')} || '; ' || ${word('g / 11')} || ' works well.'
    from ${sql.raw(workspaces)}, generate_series(0, ${counts.comments - 1}) g`);
}

/** The large workspace and `smallWorkspaces` small ones; answers the number of items. */
export async function seedManyWorkspaces(db: DbHandle, smallWorkspaces: number): Promise<number> {
  await db.rows(sql`insert into profiles (identity_id) values (${OWNER_ID})`);
  await db.rows(sql`insert into usernames (username, identity_id) values ('owner', ${OWNER_ID})`);
  await db.rows(sql`insert into workspaces (id, owner_id, name, slug)
    select ${id('9000', 'w')}, ${OWNER_ID}, 'Workspace ' || w, 'ws-' || w
    from generate_series(0, ${smallWorkspaces}) w`);
  await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
    select ${id('9000', 'w')}, ${OWNER_ID}, 'admin' from generate_series(0, ${smallWorkspaces}) w`);
  await db.rows(sql`insert into tools (id, fingerprint, canonical_url, name, description)
    select ${id('a000', 'g')}, md5('tool' || g), 'https://tool-' || g || '.example.com',
      initcap(${word('g')}) || ' ' || initcap(${word('g / 20')}) || ' ' || g,
      'A ' || ${word('g * 7')} || ' tool for ' || ${word('g * 3 + 2')} || ' and ' || ${word('g / 7')}
    from generate_series(0, ${GLOBAL_TOOLS - 1}) g`);
  await seedItems(db, 'generate_series(0, 0) w', LARGE);
  // In slices of 1,000 workspaces: one statement per slice keeps each transaction's memory bounded.
  for (let first = 1; first <= smallWorkspaces; first += 1_000) {
    const last = Math.min(smallWorkspaces, first + 999);
    await seedItems(db, `generate_series(${first}, ${last}) w`, SMALL);
  }
  // As autovacuum leaves a settled database: statistics, and the visibility map that lets search_catalog count
  // a workspace's items from its index alone.
  await db.rows(sql`vacuum analyze`);
  const perWorkspace = (counts: typeof SMALL) =>
    counts.tools + counts.resources + counts.projects + counts.comments;
  return perWorkspace(LARGE) + smallWorkspaces * perWorkspace(SMALL);
}
