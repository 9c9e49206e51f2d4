// Project-suggestion benchmark: a workspace of 1,000 tools (names from the built-in taxonomy so they
// classify, a third preferred, a tenth to avoid, ratings, stack categories on some, 50 projects using some).
// p50/p99 of GET /workspaces/{id}/suggestions (the built-in engine) over real HTTP, with a focus and without,
// and of the engine alone (pure function, no database). Target: the request's p99 under 200 ms. PGlite always;
// PostgreSQL too when BENCH_DATABASE_URL (default local) answers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import type { SuggestionList } from '@stackyard/contracts/suggestion';
import { suggest } from '../../packages/api/src/suggestions/engine.ts';
import { TAXONOMY } from '../../packages/api/src/suggestions/taxonomy.ts';
import { latencyRow } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { startSeededServer } from '../support/server.ts';
import { seedOwnedWorkspace } from '../support/seed.ts';

const TOOLS = 1000;
const PROJECTS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const TARGET_MS = 200;
const OWNER_ID = '00000000-0000-4000-8000-00000000f001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000f002';

const KNOWN = [...TAXONOMY.values()].flatMap(({ key, names }) => names.map((name) => [name, key] as const));

async function seed(db: DbHandle): Promise<void> {
  await seedOwnedWorkspace(db, {
    ownerId: OWNER_ID,
    id: WORKSPACE_ID,
    name: 'Ideas bench',
    slug: 'ideas-bench',
  });
  const names = KNOWN.map(([name]) => name);
  await db.rows(sql`insert into tools (fingerprint, canonical_url, name, description)
    select 'ideas-bench-' || i, 'https://tool-' || i || '.example.com',
      (string_to_array(${names.join('|')}, '|'))[1 + i % ${names.length}] || ' ' || i,
      'A ' || (array['fast', 'small', 'typed', 'popular'])[1 + i % 4] || ' library for developers, number ' || i
    from generate_series(1, ${TOOLS}) as i`);
  await db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url, rating)
    select ${WORKSPACE_ID}, t.id, 'tool-' || n.i, t.canonical_url, nullif(n.i % 6, 0)
    from tools t join lateral (select substring(t.fingerprint from 13)::int as i) n on true
    where t.fingerprint like 'ideas-bench-%'`);
  await db.rows(sql`insert into workspace_tool_stances (workspace_tool_id, stance, category, updated_by)
    select id, case when substring(slug from 6)::int % 3 = 0 then 'preferred'
                    when substring(slug from 6)::int % 10 = 1 then 'avoid' else 'accepted' end,
      case when substring(slug from 6)::int % 4 = 0 then 'Category ' || (substring(slug from 6)::int % 12) end,
      ${OWNER_ID}
    from workspace_tools where workspace_id = ${WORKSPACE_ID}`);
  await db.rows(sql`insert into projects (workspace_id, slug, name)
    select ${WORKSPACE_ID}, 'project-' || i, 'Project ' || i from generate_series(1, ${PROJECTS}) as i`);
  await db.rows(sql`insert into project_tools (project_id, workspace_tool_id)
    select p.id, t.id from projects p join workspace_tools t on t.workspace_id = p.workspace_id
    where p.workspace_id = ${WORKSPACE_ID} and substring(t.slug from 6)::int % ${PROJECTS} = substring(p.slug from 9)::int - 1
      and substring(t.slug from 6)::int % 7 = 0`);
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  const server = await startSeededServer(db, seed);
  const { baseUrl } = server;
  try {
    const headers = await server.headersOf(OWNER_ID);
    const time = async (query: string): Promise<{ ms: number; list: SuggestionList }> => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/workspaces/${WORKSPACE_ID}/suggestions${query}`, {
        headers,
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`suggestions answered ${response.status}: ${body}`);
      return { ms: performance.now() - started, list: JSON.parse(body) as SuggestionList };
    };
    const first = await time('');
    if (first.list.items.length === 0) throw new Error('no suggestions for 1,000 tools');
    for (let i = 0; i < 5; i++) await time('');
    const plain: number[] = [];
    const focused: number[] = [];
    const more: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      plain.push((await time('')).ms);
      focused.push((await time('?focus=something%20with%20realtime')).ms);
      more.push((await time('?cursor=p2')).ms);
    }
    // The engine alone, on the rows the request reads.
    const tools = KNOWN.length;
    const input = {
      tools: Array.from({ length: TOOLS }, (_, i) => ({
        id: `tool-${i}`,
        slug: `tool-${i}`,
        name: `${KNOWN[i % tools]?.[0] ?? 'x'} ${i}`,
        description: `A fast library for developers, number ${i}`,
        stance:
          i % 3 === 0 ? ('preferred' as const) : i % 10 === 1 ? ('avoid' as const) : ('accepted' as const),
        rating: i % 6 || null,
        category: i % 4 === 0 ? `Category ${i % 12}` : null,
        labels: [],
        projectCount: i % 7 === 0 ? 1 : 0,
      })),
      projects: [],
      excludedFingerprints: new Set<string>(),
      excludedTitles: new Set<string>(),
    };
    const pure: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      suggest(input);
      pure.push(performance.now() - started);
    }
    console.log(
      `\n### ${label}: ${TOOLS} tools, ${PROJECTS} projects, ${first.list.items.length} per page\n`,
    );
    console.log('| case | requests | p50 ms | p99 ms |');
    console.log('| --- | --- | --- | --- |');
    const p99 = Math.max(
      latencyRow('GET …/suggestions', plain),
      latencyRow('GET …/suggestions?focus=…', focused),
      latencyRow('GET …/suggestions?cursor=p2', more),
    );
    latencyRow('engine only (no database, no HTTP)', pure);
    console.log(
      `\nsuggestions p99 ${p99.toFixed(1)} ms: ${p99 < TARGET_MS ? 'under' : 'OVER'} the ${TARGET_MS} ms target`,
    );
  } finally {
    await server.close();
  }
}

console.log(`suggestions: ${TOOLS} tools, ${ROUNDS} sequential requests per case (node ${process.version})`);
await onEachEngine('suggestions', benchEngine);
