// Embedded database maintenance benchmark: PGlite has no autovacuum, so rows that were edited stay in their
// tables and indexes until the server's maintenance (packages/db/src/pglite-maintenance.ts) vacuums them. On
// the catalog benchmark's data (one workspace, 71,000 items), the search mix and the first page of tools are
// timed fresh (the baseline), after every tool, resource and comment was edited BENCH_EDITS times (default 3),
// and after one maintenance run; the ratios are to the baseline of the same run. While maintenance runs, a
// query every few milliseconds measures the longest wait a request sees. PGlite only: PostgreSQL's autovacuum
// does this itself.
import { sql } from 'drizzle-orm';
import { createDb, MEMORY, type DbHandle } from '@stackyard/db/client';
import { searchQuery } from '../../packages/api/src/search/search.repo.ts';
import { seedCatalog, WORKSPACE_ID } from '../catalog/seed.ts';
import { recordRatio } from '../support/cases.ts';

const ENGINE = 'PGlite (in memory)';
const EDITS = Number(process.env.BENCH_EDITS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SEARCHES = ['bundler', 'react testing', 'vector database', '"command line"', 'fast orm'];

const firstPage = sql`select wt.id, t.name from workspace_tools wt join tools t on t.id = wt.tool_id
  where wt.workspace_id = ${WORKSPACE_ID} order by wt.created_at desc, wt.id desc limit 50`;

/** Mean milliseconds of each query over ROUNDS rounds, after one round to warm up. */
async function timed(db: DbHandle, queries: ReturnType<typeof sql>[]): Promise<number> {
  for (const query of queries) await db.rows(query);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const query of queries) await db.rows(query);
  return (performance.now() - started) / (ROUNDS * queries.length);
}

async function measure(db: DbHandle): Promise<{ search: number; list: number }> {
  return {
    search: await timed(
      db,
      SEARCHES.map((q) => searchQuery(WORKSPACE_ID, q, 20)),
    ),
    list: await timed(db, [firstPage]),
  };
}

async function tableBytes(db: DbHandle): Promise<number> {
  const [row] = await db.rows<{ bytes: string }>(sql`select sum(pg_total_relation_size(relid))::text as bytes
    from pg_stat_user_tables where relname in ('workspace_tools', 'resources', 'comments')`);
  return Number(row?.bytes ?? 0);
}

/** Runs maintenance with a probe query every 5 ms beside it; answers its time and the probes' longest wait. */
async function maintainWithProbe(db: DbHandle): Promise<{ ms: number; longestWait: number; tables: number }> {
  if (!db.maintain) throw new Error('PGlite maintains itself');
  let done = false;
  let longestWait = 0;
  const probe = (async () => {
    while (!done) {
      const sent = performance.now();
      await db.rows(sql`select 1`);
      longestWait = Math.max(longestWait, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const report = await db.maintain();
  const ms = performance.now() - started;
  done = true;
  await probe;
  return { ms, longestWait, tables: report.vacuumed.length + report.analyzed.length };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const db = await createDb({ dataDir: MEMORY });
try {
  await db.migrate();
  await seedCatalog(db);
  // The seed analyzed every table; this run vacuums what the inserts left, as the server would by now.
  await db.maintain?.();
  const fresh = await measure(db);
  const freshBytes = await tableBytes(db);
  const editing = performance.now();
  for (let round = 1; round <= EDITS; round++) {
    await db.rows(
      sql`update workspace_tools set rating = 1 + (${round} + rating) % 5 where rating is not null`,
    );
    await db.rows(sql`update resources set extracted_description = extracted_description || ' '`);
    await db.rows(sql`update comments set content = content || ' '`);
  }
  const editMs = performance.now() - editing;
  const edited = await measure(db);
  const editedBytes = await tableBytes(db);
  const maintenance = await maintainWithProbe(db);
  const maintained = await measure(db);
  const maintainedBytes = await tableBytes(db);

  console.log(
    `\n### PGlite (in memory): every tool, resource and comment edited ${EDITS} times (${(editMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    '| State | Search mix, mean | ratio | /tools first page | ratio | tools, resources, comments |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const row = (label: string, figures: { search: number; list: number }, bytes: number) =>
    console.log(
      `| ${label} | ${figures.search.toFixed(1)} ms | ${(fresh.search / figures.search).toFixed(2)} | ` +
        `${figures.list.toFixed(2)} ms | ${(fresh.list / figures.list).toFixed(2)} | ${mb(bytes)} |`,
    );
  row('fresh (baseline)', fresh, freshBytes);
  row('edited, not yet maintained', edited, editedBytes);
  row('after one maintenance run', maintained, maintainedBytes);
  recordRatio({
    engine: ENGINE,
    name: 'search mix after maintenance',
    ratio: fresh.search / maintained.search,
  });
  console.log(
    `Maintenance: ${maintenance.tables} tables in ${maintenance.ms.toFixed(0)} ms; the longest a query waited meanwhile: ${maintenance.longestWait.toFixed(0)} ms`,
  );
} finally {
  await db.close();
}
