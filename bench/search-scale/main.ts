// Search-scale benchmark: one workspace of 56,001 items among many small ones (PGlite 1,000 workspaces,
// PostgreSQL 10,000: about 150,000 and 1,000,000 items), seeded with set-based SQL. Latency of `GET /search`
// in the large workspace for a word matching nothing, a rare word, two common words and a prefix being typed,
// of the same searches spread over small workspaces, and of the tools list's first page, 16 in flight, beside
// the same page by one raw query and the readiness probe: what any answer costs with as many in flight. Then
// the same searches with GIN indexes on the search vector alone and the function's plan left to PostgreSQL,
// which reads a large workspace's items through its workspace index.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { authorize } from '../../packages/api/src/access/access.ts';
import { searchCatalog } from '../../packages/api/src/search/search.repo.ts';
import { addToolsBaseline } from '../support/baselines.ts';
import { inWorker, median, percentile } from '../support/cases.ts';
import type { LoadJob, LoadResult } from '../support/load.ts';
import { onEachEngine } from '../support/postgres.ts';
import { startBenchServer } from '../support/server.ts';
import { OWNER_ID, seedManyWorkspaces, smallWorkspaceId, WORKSPACE_ID } from './seed.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 4_000);
const SMALL_WORKSPACES: Record<string, number> = { 'PGlite (in memory)': 1_000, PostgreSQL: 10_000 };
const SEARCHES = ['zebra', 'kubernetes', 'react testing', 'bund'];
const SEARCH_TABLES = ['workspace_tools', 'resources', 'resource_copies', 'projects', 'comments'];

const SERIAL_RUNS = 100;
/** How many of the small workspaces the small-workspace searches go to. */
const SMALL_SAMPLE = 400;

const load = (job: LoadJob) => inWorker<LoadResult>(new URL('../support/load.ts', import.meta.url), job);

/**
 * Search as before (`alone`: indexes on the search vector alone, the function's plan left to PostgreSQL) or as
 * now (indexes on the workspace's text and the vector, one plan kept for every call).
 */
async function searchIndexes(db: DbHandle, alone: boolean): Promise<void> {
  const planning = alone ? 'reset plan_cache_mode' : 'set plan_cache_mode = force_generic_plan';
  await db.rows(sql.raw(`alter function search_catalog(uuid, text, text, integer) ${planning}`));
  for (const table of SEARCH_TABLES) {
    const columns = alone ? 'search' : '(workspace_id::text), search';
    await db.rows(sql.raw(`drop index ${table}_search_idx`));
    await db.rows(
      sql.raw(
        `create index ${table}_search_idx on ${table} using gin (${columns}) with (fastupdate = false)`,
      ),
    );
  }
  await db.rows(sql`analyze`);
}

/** p50 and p99 of paths taken in turn, `CONCURRENCY` in flight; any answer but 200 stops the benchmark. */
async function measure(
  baseUrl: string,
  paths: string | string[],
  token: string,
): Promise<{ p50: number; p99: number }> {
  const result = await load({
    baseUrl,
    requests: [paths].flat().map((path) => ({ path, token })),
    concurrency: CONCURRENCY,
    warmup: 100,
    maxRequests: MAX_REQUESTS,
    maxMs: MAX_MS,
  });
  const bad = Object.keys(result.statuses).filter((status) => status !== '200');
  if (result.failures > 0 || bad.length > 0) {
    throw new Error(`${paths}: ${result.failures} failures, statuses ${JSON.stringify(result.statuses)}`);
  }
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** The median time of the API's own search query, run one at a time (after as many to warm up). */
async function serialMs(db: DbHandle, q: string): Promise<number> {
  const access = await authorize(
    db.db,
    { userId: OWNER_ID, credential: 'session_jwt' },
    WORKSPACE_ID,
    'catalog:read',
  );
  const times: number[] = [];
  for (let run = 0; run < SERIAL_RUNS * 2; run++) {
    const started = performance.now();
    await searchCatalog(db.db, access, q, 20);
    if (run >= SERIAL_RUNS) times.push(performance.now() - started);
  }
  return median(times);
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  const seeded = performance.now();
  const items = await seedManyWorkspaces(db, SMALL_WORKSPACES[label] ?? 1_000);
  const seedS = (performance.now() - seeded) / 1000;
  const server = await startBenchServer(db, {
    production: true,
    prepare: (app) => addToolsBaseline(app, db, WORKSPACE_ID),
  });
  const { baseUrl, issuer } = server;
  try {
    const token = await issuer.sign(OWNER_ID);
    const search = (q: string, workspace = WORKSPACE_ID) =>
      `/api/v1/search?workspace_id=${workspace}&q=${encodeURIComponent(q)}`;
    // The many small workspaces, the four searches in turn, each in another workspace.
    const smallSearches = Array.from({ length: SMALL_SAMPLE }, (_, n) =>
      search(SEARCHES[n % SEARCHES.length] ?? '', smallWorkspaceId(n + 1)),
    );
    const run = async () => {
      const rows = new Map<string, { p50: number; p99: number; serial?: number }>();
      for (const q of SEARCHES) {
        rows.set(`search "${q}"`, {
          ...(await measure(baseUrl, search(q), token)),
          serial: await serialMs(db, q),
        });
      }
      rows.set(
        `the four searches in ${SMALL_SAMPLE} small workspaces`,
        await measure(baseUrl, smallSearches, token),
      );
      rows.set(
        'GET /tools (first page of 50)',
        await measure(baseUrl, `/api/v1/tools?workspace_id=${WORKSPACE_ID}&limit=50`, token),
      );
      return rows;
    };
    const withWorkspace = await run();
    // What any answer costs with as many in flight on this machine: the same page by one raw query, without
    // the API's work, and the readiness probe, which reads nothing.
    const floors = new Map([
      ['baseline: the same page, one raw query', await measure(baseUrl, '/bench-baseline/tools', token)],
      ['floor: GET /readyz (one `select 1`)', await measure(baseUrl, '/readyz', token)],
    ]);
    await searchIndexes(db, true);
    const alone = await run();
    await searchIndexes(db, false);
    console.log(
      `\n### ${label}: ${SMALL_WORKSPACES[label]} small workspaces and one large, ${items} items (seeded in ${seedS.toFixed(0)} s); ${CONCURRENCY} in flight`,
    );
    console.log(
      '| case | p50 ms | p99 ms | one at a time, ms | before: search index alone, p50 / p99 / one at a time, ms | p99 before ÷ after |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, after] of withWorkspace) {
      const before = alone.get(name) ?? { p50: Number.NaN, p99: Number.NaN };
      const serial = (row: { serial?: number }) => (row.serial === undefined ? '—' : row.serial.toFixed(2));
      console.log(
        `| ${name} | ${after.p50.toFixed(2)} | ${after.p99.toFixed(2)} | ${serial(after)} | ${before.p50.toFixed(2)} / ${before.p99.toFixed(2)} / ${serial(before)} | ${(before.p99 / after.p99).toFixed(1)} |`,
      );
    }
    for (const [name, floor] of floors) {
      console.log(`| ${name} | ${floor.p50.toFixed(2)} | ${floor.p99.toFixed(2)} | — | — | — |`);
    }
  } finally {
    await server.close();
  }
}

console.log(`search-scale: searches in a large workspace among many (node ${process.version})`);
await onEachEngine('search_scale', benchEngine);
