// The catalog benchmark's data, made with set-based SQL (generate_series): one statement per table.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';

export const TOOLS = 10_000;
export const RESOURCES = 10_000;
export const PROJECTS = 1_000;
export const COMMENTS = 50_000;
export const DEEP_ROW = 9_000;
const MEMBERS = 10;

// The fourth group starts with 8, 9, a or b (the RFC 4122 variant) so the API's uuid schemas accept the ids.
const id = (prefix: string, expr: string) =>
  sql.raw(`('00000000-0000-4000-${prefix}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`);
export const userId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const OWNER_ID = userId(0);
export const WORKSPACE_ID = '00000000-0000-4000-9000-000000000000';

// Words the generated text is made of; the search cases look for some of them.
const WORDS = `array['fast','bundler','react','database','testing','command','line','framework','orm','vector',
  'search','typescript','rust','python','server','static','queue','cache','graph','editor']`;
const word = (expr: string) => sql.raw(`(${WORDS})[1 + (${expr}) % 20]`);

export async function seedCatalog(db: DbHandle): Promise<void> {
  const uid = (expr: string) => id('8000', expr);
  await db.rows(
    sql`insert into profiles (identity_id) select ${uid('g')} from generate_series(0, ${MEMBERS - 1}) g`,
  );
  await db.rows(sql`insert into usernames (username, identity_id)
    select 'member_' || g, ${uid('g')} from generate_series(0, ${MEMBERS - 1}) g`);
  await db.rows(sql`insert into workspaces (id, owner_id, name, slug)
    values (${WORKSPACE_ID}, ${OWNER_ID}, 'Bench', 'bench')`);
  await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
    select ${WORKSPACE_ID}, ${uid('g')}, (case when g = 0 then 'admin' else 'editor' end)::access_role
    from generate_series(0, ${MEMBERS - 1}) g`);
  // Global tools, then the workspace's (the search trigger runs once per row), one second apart.
  await db.rows(sql`insert into tools (id, fingerprint, canonical_url, name, description, homepage_url, forge_url)
    select ${id('a000', 'g')}, md5('tool' || g), 'https://tool-' || g || '.example.com',
      initcap(${word('g')}) || ' ' || initcap(${word('g / 20')}) || ' ' || g,
      'A ' || ${word('g * 7')} || ' ' || ${word('g * 13 + 1')} || ' tool for ' || ${word('g * 3 + 2')} || ' and ' || ${word('g / 7')},
      'https://tool-' || g || '.example.com', 'https://github.com/example/tool-' || g
    from generate_series(0, ${TOOLS - 1}) g`);
  await db.rows(sql`insert into workspace_tools (id, workspace_id, tool_id, slug, raw_submitted_url, rating, created_at, updated_at)
    select ${id('b000', 'g')}, ${WORKSPACE_ID}, ${id('a000', 'g')}, 'tool-' || g, 'https://tool-' || g || '.example.com/',
      nullif(g % 6, 0), now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(0, ${TOOLS - 1}) g`);
  await db.rows(sql`insert into resources (id, workspace_id, fingerprint, raw_submitted_url, extracted_title,
      extracted_description, rating, created_at, updated_at)
    select ${id('8c00', 'g')}, ${WORKSPACE_ID}, md5('resource' || g), 'https://blog.example.com/post-' || g,
      'On ' || ${word('g * 11')} || ' and ' || ${word('g * 5 + 3')} || ' (' || g || ')',
      'An article about ' || ${word('g')} || ', ' || ${word('g * 17 + 4')} || ' and ' || ${word('g / 3')},
      nullif(g % 6, 0), now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(0, ${RESOURCES - 1}) g`);
  await db.rows(sql`insert into projects (id, workspace_id, slug, name)
    select ${id('8d00', 'g')}, ${WORKSPACE_ID}, 'project-' || g, initcap(${word('g * 9')}) || ' project ' || g
    from generate_series(0, ${PROJECTS - 1}) g`);
  await db.rows(sql`insert into project_tools (project_id, workspace_tool_id)
    select ${id('8d00', 'p')}, ${id('b000', `(p * 10 + k) % ${TOOLS}`)}
    from generate_series(0, ${PROJECTS - 1}) p, generate_series(0, 4) k`);
  // 60% of the comments on tools, 20% on resources, 20% on projects.
  await db.rows(sql`insert into comments (workspace_id, commenter_id, workspace_tool_id, resource_id, project_id, content)
    select ${WORKSPACE_ID}, ${uid(`g % ${MEMBERS}`)},
      case when g % 5 < 3 then ${id('b000', `g % ${TOOLS}`)} end,
      case when g % 5 = 3 then ${id('8c00', `g % ${RESOURCES}`)} end,
      case when g % 5 = 4 then ${id('8d00', `g % ${PROJECTS}`)} end,
      'We use it for ' || ${word('g * 3')} || ' with ' || ${word('g * 7 + 5')} || '; ' || ${word('g / 11')} || ' works well.'
    from generate_series(0, ${COMMENTS - 1}) g`);
  await db.rows(sql`insert into tags (id, workspace_id, name, color)
    select ${id('8e00', 'g')}, ${WORKSPACE_ID}, ${word('g')}, '#3b82f6' from generate_series(0, 19) g`);
  await db.rows(sql`insert into tool_tags (tag_id, workspace_tool_id)
    select ${id('8e00', 'g % 20')}, ${id('b000', 'g')} from generate_series(0, ${TOOLS - 1}, 3) g`);
  await db.rows(sql`analyze`);
}
