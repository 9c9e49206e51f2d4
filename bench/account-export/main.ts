// Account data export benchmark: GET /me/export of an owner whose workspace holds BENCH_ITEMS tools
// (default 10,000, each with a stance), as many resources and half as many comments, over real HTTP. It
// prints the whole download's time, the time to its first byte and how much the server's heap grew while
// it was written, next to its baseline: the same rows read by plain SQL (three selects, no JSON writing) on
// the same database. The export is read in pages of 500, so the heap growth should stay far below the size
// of the file. PGlite always; PostgreSQL too when BENCH_DATABASE_URL (default local) answers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { percentile } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { startSeededServer } from '../support/server.ts';
import { seedOwnedWorkspace } from '../support/seed.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OWNER_ID = '00000000-0000-4000-8000-00000000a001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000a002';

async function seed(db: DbHandle): Promise<void> {
  await seedOwnedWorkspace(db, { ownerId: OWNER_ID, id: WORKSPACE_ID, name: 'Big', slug: 'big' });
  await db.rows(sql`insert into usernames (username, identity_id) values ('bench_owner', ${OWNER_ID})`);
  await db.rows(sql`insert into tools (fingerprint, canonical_url, name, description)
    select 'acc-bench-' || i, 'https://tool-' || i || '.example.com', 'Tool ' || i, 'Does thing ' || i
    from generate_series(1, ${ITEMS}) as i`);
  await db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url)
    select ${WORKSPACE_ID}, id, 'tool-' || substring(fingerprint from 11), canonical_url
    from tools where fingerprint like 'acc-bench-%'`);
  await db.rows(sql`insert into workspace_tool_stances (workspace_tool_id, stance, updated_by)
    select id, 'preferred', ${OWNER_ID} from workspace_tools where workspace_id = ${WORKSPACE_ID}`);
  await db.rows(sql`insert into resources (workspace_id, fingerprint, raw_submitted_url, extracted_title)
    select ${WORKSPACE_ID}, 'res-' || i, 'https://example.com/read/' || i, 'Article ' || i
    from generate_series(1, ${ITEMS}) as i`);
  await db.rows(sql`insert into comments (workspace_id, commenter_id, resource_id, content)
    select ${WORKSPACE_ID}, ${OWNER_ID}, id, 'Worth reading: ' || extracted_title
    from resources where workspace_id = ${WORKSPACE_ID} and substring(fingerprint from 5)::int % 2 = 0`);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  const server = await startSeededServer(db, seed);
  const { baseUrl } = server;
  try {
    const headers = await server.headersOf(OWNER_ID);
    const exports: number[] = [];
    const firstBytes: number[] = [];
    const baselines: number[] = [];
    let bytes = 0;
    let heapGrowth = 0;
    for (let round = 0; round < ROUNDS; round++) {
      globalThis.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }, 5);
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/me/export`, { headers });
      if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
      let first = 0;
      bytes = 0;
      // Counted as it arrives, never kept: the client side adds nothing to the heap being watched.
      for await (const chunk of response.body) {
        if (!first) first = performance.now() - started;
        bytes += chunk.byteLength;
      }
      exports.push(performance.now() - started);
      firstBytes.push(first);
      clearInterval(sampler);
      heapGrowth = Math.max(heapGrowth, heapPeak - heapBefore);

      const base = performance.now();
      await db.rows(sql`select wt.*, t.name, t.description, s.stance from workspace_tools wt
        join tools t on t.id = wt.tool_id left join workspace_tool_stances s on s.workspace_tool_id = wt.id
        where wt.workspace_id = ${WORKSPACE_ID}`);
      await db.rows(sql`select * from resources where workspace_id = ${WORKSPACE_ID}`);
      await db.rows(sql`select * from comments where workspace_id = ${WORKSPACE_ID}`);
      baselines.push(performance.now() - base);
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    console.log(
      `\n### ${label}: ${ITEMS} tools, ${ITEMS} resources, ${ITEMS / 2} comments; file ${mb(bytes)} MB\n`,
    );
    console.log('| case | rounds | p50 ms | p50 ÷ baseline |');
    console.log('| --- | --- | --- | --- |');
    console.log(`| baseline: the rows by plain SQL | ${ROUNDS} | ${median(baselines).toFixed(0)} | |`);
    console.log(
      `| GET /me/export, whole file | ${ROUNDS} | ${median(exports).toFixed(0)} | ${(median(exports) / median(baselines)).toFixed(2)} |`,
    );
    console.log(`| GET /me/export, first byte | ${ROUNDS} | ${median(firstBytes).toFixed(0)} | |`);
    console.log(
      `\nserver heap growth while exporting (peak, sampled every 5 ms): ${mb(heapGrowth)} MB for a ${mb(bytes)} MB file`,
    );
  } finally {
    await server.close();
  }
}

console.log(`account-export: ${ITEMS} items per kind, ${ROUNDS} rounds (node ${process.version})`);
await onEachEngine('account_export', benchEngine);
