// Catalog benchmark: one workspace with 10,000 tools, 10,000 resources, 1,000 projects and
// 50,000 comments, seeded with set-based SQL. Requests per second and p50/p99 latency of the tools list
// (first page, and a deep page at row 9,000 through the keyset cursor), tool detail and search, each next to
// a baseline route on the same server answering the same rows with one raw SQL query and no
// authentication, validation or serialization schema. Same run, same data. PGlite always; PostgreSQL too
// when BENCH_DATABASE_URL (default local) answers. Load runs on 127.0.0.1 only and is bounded per case.
// First, where one request's time goes (bench/support/breakdown.ts); bench/README.md says what it showed.
// Last, 40 people typing in the palette, which aborts superseded searches (bench/support/typing.ts).
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { encodeCursor } from '../../packages/api/src/catalog/pagination.ts';
import { searchQuery } from '../../packages/api/src/search/search.repo.ts';
import { authorize } from '../../packages/api/src/access/access.ts';
import { findMembership } from '../../packages/api/src/access/access.repo.ts';
import { findToolForReading, listTools, toolOrders } from '../../packages/api/src/tools/tools.repo.ts';
import { addToolsBaseline, toolColumns, TOOLS_PAGE } from '../support/baselines.ts';
import { printBreakdown, startInstrumentedServer } from '../support/breakdown.ts';
import { runCasePairs, type BenchCase } from '../support/cases.ts';
import { runTyping } from '../support/typing.ts';
import { loggingCost } from '../support/logging.ts';
import { onEachEngine } from '../support/postgres.ts';
import type { BenchServer } from '../support/server.ts';
import {
  seedCatalog,
  TOOLS,
  RESOURCES,
  PROJECTS,
  COMMENTS,
  DEEP_ROW,
  OWNER_ID,
  WORKSPACE_ID,
} from './seed.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 5_000);
const BREAKDOWN_ITERATIONS = Number(process.env.BENCH_BREAKDOWN_ITERATIONS ?? 300);
const TYPISTS = 40;
const SEARCHES = ['bundler', 'react testing', 'vector database', '"command line"', 'fast orm'];

/** The baselines: the same rows, one raw query each, straight to JSON. */
function addBaselines(app: BenchServer['app'], db: DbHandle): void {
  addToolsBaseline(app, db, WORKSPACE_ID);
  app.get<{ Querystring: { at: string; id: string } }>('/bench-baseline/tools/after', async (request) =>
    db.rows(sql`select ${toolColumns} from workspace_tools wt join tools t on t.id = wt.tool_id
      where wt.workspace_id = ${WORKSPACE_ID}
        and (wt.created_at, wt.id) < (${request.query.at}::timestamptz, ${request.query.id}::uuid)
      order by wt.created_at desc, wt.id desc limit ${TOOLS_PAGE}`),
  );
  app.get<{ Params: { id: string } }>('/bench-baseline/tools/:id', async (request) => {
    const [row] = await db.rows(sql`select ${toolColumns} from workspace_tools wt
      join tools t on t.id = wt.tool_id where wt.id = ${request.params.id}`);
    return row;
  });
  app.get<{ Querystring: { q: string } }>('/bench-baseline/search', async (request) =>
    db.rows(searchQuery(WORKSPACE_ID, request.query.q, 20)),
  );
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  const seeded = performance.now();
  await seedCatalog(db);
  const seedMs = performance.now() - seeded;
  const server = await startInstrumentedServer(db, addBaselines);
  const { app, baseUrl, issuer, recorder } = server;
  try {
    const token = await issuer.sign(OWNER_ID);
    const [deep] = await db.rows<{ at: string; id: string }>(sql`select
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
      from workspace_tools where workspace_id = ${WORKSPACE_ID}
      order by created_at desc, id desc offset ${DEEP_ROW - 1} limit 1`);
    if (!deep) throw new Error('no deep row');
    const cursor = encodeCursor(toolOrders.recent, { key: deep.at, id: deep.id });
    const toolIds = await db.rows<{ id: string }>(
      sql`select id from workspace_tools where workspace_id = ${WORKSPACE_ID} order by random() limit 200`,
    );
    const list = `/api/v1/tools?workspace_id=${WORKSPACE_ID}&limit=${TOOLS_PAGE}`;
    const api = (path: string) => ({ path, token });
    const raw = (path: string) => ({ path, token: null });
    const cases: BenchCase[] = [
      { name: 'GET /tools (first page of 50)', requests: [api(list)] },
      { name: 'baseline: same rows, one raw query', requests: [raw('/bench-baseline/tools')] },
      { name: `GET /tools (page at row ${DEEP_ROW}, cursor)`, requests: [api(`${list}&cursor=${cursor}`)] },
      {
        name: 'baseline: same rows, one raw query',
        requests: [raw(`/bench-baseline/tools/after?at=${encodeURIComponent(deep.at)}&id=${deep.id}`)],
      },
      {
        name: 'GET /tools/workspace/{toolId}',
        requests: toolIds.map((row) => api(`/api/v1/tools/workspace/${row.id}`)),
      },
      {
        name: 'baseline: same row, one raw query',
        requests: toolIds.map((row) => raw(`/bench-baseline/tools/${row.id}`)),
      },
    ];
    const searchCases: BenchCase[] = [
      {
        name: 'GET /search (20 hits, snippets)',
        requests: SEARCHES.map((q) =>
          api(`/api/v1/search?workspace_id=${WORKSPACE_ID}&q=${encodeURIComponent(q)}`),
        ),
      },
      {
        name: 'baseline: same query, raw',
        requests: SEARCHES.map((q) => raw(`/bench-baseline/search?q=${encodeURIComponent(q)}`)),
      },
    ];
    await sanityCheck(baseUrl, token, list, cursor, deep.at, deep.id);
    const actor = { userId: OWNER_ID, credential: 'session_jwt' as const };
    const detailId = toolIds[0]?.id ?? '';
    const access = await authorize(db.db, actor, WORKSPACE_ID, 'catalog:read');
    const headers = { authorization: `Bearer ${token}` };
    // The seeded text has a small vocabulary, so each search ranks thousands of matches: a hard case.
    const matches = await Promise.all(SEARCHES.map((q) => countMatches(db, q)));

    console.log(
      `\n### ${label} (seeded in ${(seedMs / 1000).toFixed(1)} s; ${CONCURRENCY} in flight, up to ${MAX_REQUESTS} requests or ${MAX_MS} ms per case)`,
    );
    console.log(
      `Search terms and the items each matches: ${SEARCHES.map((q, i) => `${q} ${matches[i]}`).join(', ')}`,
    );
    await printBreakdown(
      app,
      recorder,
      [
        {
          name: 'GET /tools',
          api: { url: list, headers },
          baseline: { url: '/bench-baseline/tools' },
          parts: {
            'token verification, uncached': () => issuer.verifier.verify(token),
            'membership query, uncached': () => findMembership(db.db, WORKSPACE_ID, OWNER_ID),
            'authorization (membership remembered)': () =>
              authorize(db.db, actor, WORKSPACE_ID, 'catalog:read'),
            'the list query': () =>
              listTools(db.db, access, {
                sort: 'recent',
                cursor: null,
                limit: TOOLS_PAGE,
                tagId: undefined,
                stance: undefined,
              }),
          },
        },
        {
          name: 'GET /tools/workspace/{toolId}',
          api: { url: `/api/v1/tools/workspace/${detailId}`, headers },
          baseline: { url: `/bench-baseline/tools/${detailId}` },
          parts: {
            'token verification, uncached': () => issuer.verifier.verify(token),
            'membership query, uncached': () => findMembership(db.db, WORKSPACE_ID, OWNER_ID),
            'authorization (membership remembered)': () =>
              authorize(db.db, actor, WORKSPACE_ID, 'catalog:read'),
            'the item query': () => findToolForReading(db.db, detailId),
          },
        },
      ],
      { iterations: BREAKDOWN_ITERATIONS, loggingPerRequest: () => loggingCost(app) },
    );
    await runCasePairs(cases, {
      engine: label,
      baseUrl,
      concurrency: CONCURRENCY,
      warmup: 100,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
    });
    // The search targets on PostgreSQL (PGlite within 2x): >= 300 searches/s with 16 in flight,
    // p99 < 50 ms with 4 in flight (people typing in the palette at once).
    for (const concurrency of [16, 4]) {
      console.log(`\nSearch, ${concurrency} in flight:`);
      await runCasePairs(searchCases, {
        engine: label,
        baseUrl,
        concurrency,
        warmup: 100,
        maxRequests: MAX_REQUESTS,
        maxMs: MAX_MS,
      });
    }
    // The palette's way: every typist aborts the search superseded by the next letter.
    console.log(`\nSearch as ${TYPISTS} people type in the palette at once:`);
    const typing = { baseUrl, terms: SEARCHES, typists: TYPISTS, ms: MAX_MS * 2 };
    await runTyping(
      { ...typing, path: `/api/v1/search?workspace_id=${WORKSPACE_ID}&q=`, token },
      { ...typing, path: '/bench-baseline/search?q=', token: null },
    );
  } finally {
    await server.close();
  }
}

async function countMatches(db: DbHandle, q: string): Promise<number> {
  const [row] = await db.rows<{
    count: number;
  }>(sql`with q as (select websearch_to_tsquery('english'::regconfig, ${q}) as query)
    select (select count(*) from workspace_tools, q where search @@ query)
      + (select count(*) from resources, q where search @@ query)
      + (select count(*) from projects, q where search @@ query)
      + (select count(*) from comments, q where search @@ query) as count`);
  return Number(row?.count ?? 0);
}

/** The API answers what the benchmark claims to measure: full pages, the same rows as the baselines. */
async function sanityCheck(
  baseUrl: string,
  token: string,
  list: string,
  cursor: string,
  at: string,
  id: string,
): Promise<void> {
  const get = async (path: string, auth: boolean) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as Array<{ workspace_tool_id: string }>;
  };
  const ids = (rows: Array<{ workspace_tool_id: string }>) => rows.map((row) => row.workspace_tool_id).join();
  const first = await get(list, true);
  const deepPage = await get(`${list}&cursor=${cursor}`, true);
  const deepBaseline = await get(`/bench-baseline/tools/after?at=${encodeURIComponent(at)}&id=${id}`, false);
  if (first.length !== TOOLS_PAGE || deepPage.length !== TOOLS_PAGE || ids(deepPage) !== ids(deepBaseline)) {
    throw new Error('the tools list does not answer the rows the baseline does');
  }
  const hits = (await get(
    `/api/v1/search?workspace_id=${WORKSPACE_ID}&q=${encodeURIComponent(SEARCHES[0] ?? '')}`,
    true,
  )) as unknown[];
  if (hits.length !== 20) throw new Error(`search answered ${hits.length} hits, not 20`);
}

console.log(
  `catalog: ${TOOLS} tools, ${RESOURCES} resources, ${PROJECTS} projects, ${COMMENTS} comments in one workspace (node ${process.version})`,
);
await onEachEngine('catalog', benchEngine);
