// Comparison and tool facts benchmark.
// 1. GET /workspaces/{id}/compare for 6 tools in a workspace of 10,000 tools (each with facts, tags on some,
//    comments on some): p50/p99 over real HTTP. Target: p99 under 30 ms on PostgreSQL.
// 2. A facts refresh of 1,000 tools against the local fakes (GitHub, deps.dev, npm): tools per second, cold,
//    then again with conditional requests (ETag → 304), and how many requests the 304s saved.
// Smaller runs: BENCH_COMPARE_TOOLS, BENCH_FACTS_TOOLS, BENCH_ROUNDS. PGlite always; PostgreSQL too when
// BENCH_DATABASE_URL (default local) answers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { createFactsContext } from '@stackyard/api/facts/facts-context';
import { DEFAULT_FACTS_SETTINGS } from '@stackyard/api/facts/facts-settings';
import { refreshToolFacts } from '@stackyard/api/facts/facts-refresh';
import { fakeRepo, startFakeFactsUpstreams } from '@stackyard/testing/fake-facts-upstreams';
import { latencyRow } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { startBenchServer } from '../support/server.ts';
import { seedOwnedWorkspace } from '../support/seed.ts';

const TOOLS = Number(process.env.BENCH_COMPARE_TOOLS ?? 10_000);
const FACTS_TOOLS = Number(process.env.BENCH_FACTS_TOOLS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CONCURRENCY = 4;
const OWNER_ID = '00000000-0000-4000-8000-00000000c001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000c002';

async function seed(db: DbHandle): Promise<void> {
  await seedOwnedWorkspace(db, {
    ownerId: OWNER_ID,
    id: WORKSPACE_ID,
    name: 'Compare bench',
    slug: 'compare-bench',
  });
  await db.rows(sql`insert into tools (fingerprint, canonical_url, name, description, forge_url)
    select 'compare-bench-' || i, 'https://tool-' || i || '.example.com', 'Tool ' || i, 'Does thing ' || i,
      'https://github.com/bench/tool-' || i
    from generate_series(1, ${TOOLS}) as i`);
  await db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url, rating)
    select ${WORKSPACE_ID}, t.id, 'tool-' || substring(t.fingerprint from 15), t.canonical_url,
      nullif(substring(t.fingerprint from 15)::int % 6, 0)
    from tools t where t.fingerprint like 'compare-bench-%'`);
  await db.rows(sql`insert into tool_facts (tool_id, source, subject, status, checked_at, data)
    select t.id, 'github', '', 'ok', now(), jsonb_build_object(
      'source', 'github', 'fetched_at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'full_name', 'bench/' || t.name, 'url', t.forge_url, 'stars', (random() * 100000)::int,
      'forks', (random() * 1000)::int, 'open_issues', (random() * 500)::int, 'license', 'MIT',
      'language', 'TypeScript', 'topics', jsonb_build_array('web', 'build'), 'archived', false,
      'last_push_at', '2026-11-01T00:00:00Z', 'latest_release', jsonb_build_object('tag', 'v1.0.0', 'date', '2026-10-01T00:00:00Z'),
      'contributors', 42, 'scorecard', 6.5)
    from tools t where t.fingerprint like 'compare-bench-%'`);
  await db.rows(sql`insert into tool_fact_refreshes (tool_id, refreshed_at)
    select id, now() from tools where fingerprint like 'compare-bench-%'`);
  await db.rows(
    sql`insert into tags (workspace_id, name, color) values (${WORKSPACE_ID}, 'bundler', '#3b82f6')`,
  );
  await db.rows(sql`insert into tool_tags (tag_id, workspace_tool_id)
    select (select id from tags where workspace_id = ${WORKSPACE_ID}), id
    from workspace_tools where workspace_id = ${WORKSPACE_ID} and substring(slug from 6)::int % 3 = 0`);
  await db.rows(sql`insert into comments (workspace_id, commenter_id, workspace_tool_id, content)
    select ${WORKSPACE_ID}, ${OWNER_ID}, w.id, 'Comment ' || c || ' on ' || w.slug
    from workspace_tools w cross join generate_series(1, 5) as c
    where w.workspace_id = ${WORKSPACE_ID} and substring(w.slug from 6)::int % 2 = 0`);
}

async function benchCompare(label: string, db: DbHandle): Promise<void> {
  await seed(db);
  const server = await startBenchServer(db, { facts: { sweepMs: 0 } });
  const { baseUrl } = server;
  try {
    const headers = await server.headersOf(OWNER_ID);
    const slugs = [1, 2, 1000, 2500, 5000, TOOLS].map((i) => `tool-${Math.min(i, TOOLS)}`);
    const path = `/api/v1/workspaces/${WORKSPACE_ID}/compare?tools=${[...new Set(slugs)].join(',')}`;
    const time = async (url = path) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${url}`, { headers });
      await response.arrayBuffer();
      if (url === path && response.status !== 200) throw new Error(`compare answered ${response.status}`);
      return performance.now() - started;
    };
    const one = `/api/v1/tools/workspace/${WORKSPACE_ID}/slug/tool-1`;
    for (let i = 0; i < 10; i++) await time();
    const times: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      times.push(await time());
      baseline.push(await time(one));
    }
    console.log(`\n### ${label}: compare 6 of ${TOOLS} tools\n`);
    console.log('| case | requests | p50 ms | p99 ms |');
    console.log('| --- | --- | --- | --- |');
    latencyRow('baseline: GET one tool by slug', baseline);
    const p99 = latencyRow('GET …/compare?tools=(6 slugs)', times);
    console.log(`\ncompare p99 ${p99.toFixed(1)} ms: ${p99 < 30 ? 'under' : 'OVER'} the 30 ms target`);
  } finally {
    await server.close();
  }
}

async function benchRefresh(label: string, db: DbHandle): Promise<void> {
  const fake = await startFakeFactsUpstreams();
  try {
    const ids = (await db.rows(sql`insert into tools (fingerprint, canonical_url, name, forge_url)
      select 'facts-bench-' || i, 'https://www.npmjs.com/package/facts-pkg-' || i, 'Facts ' || i,
        'https://github.com/facts/repo-' || i
      from generate_series(1, ${FACTS_TOOLS}) as i returning id`)) as Array<{ id: string }>;
    for (let i = 1; i <= FACTS_TOOLS; i++) {
      fake.addRepo(fakeRepo(`facts/repo-${i}`, { stars: i, project: { scorecard: 5, packages: [] } }));
      fake.npm.set(`facts-pkg-${i}`, {
        name: `facts-pkg-${i}`,
        version: '1.0.0',
        license: 'MIT',
        dependencies: { a: '1' },
        published: '2026-11-01T00:00:00Z',
        weekly: i * 10,
        monthly: i * 40,
      });
    }
    const context = createFactsContext({ ...DEFAULT_FACTS_SETTINGS, ...fake.settings() });
    const pass = async () => {
      let requests = 0;
      let saved = 0;
      const queue = ids.map((row) => row.id);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) {
            const stats = await refreshToolFacts(db.db, context, id);
            requests += stats.requests;
            saved += stats.saved;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { seconds, requests, saved, perSecond: ids.length / seconds };
    };
    console.log(
      `\n### ${label}: facts refresh of ${FACTS_TOOLS} tools against the fakes (${CONCURRENCY} at once)\n`,
    );
    console.log('| pass | tools/s | requests | answered 304 (saved) |');
    console.log('| --- | --- | --- | --- |');
    for (const name of ['cold', 'again (conditional)']) {
      const result = await pass();
      console.log(`| ${name} | ${result.perSecond.toFixed(1)} | ${result.requests} | ${result.saved} |`);
    }
  } finally {
    await fake.close();
  }
}

console.log(
  `compare: ${TOOLS} tools, ${ROUNDS} sequential requests; facts: ${FACTS_TOOLS} tools (node ${process.version})`,
);
await onEachEngine('compare', async (label, db) => {
  await db.migrate();
  await benchCompare(label, db);
  await benchRefresh(label, db);
});
