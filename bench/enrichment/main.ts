// Enrichment benchmark: whether the server keeps answering while a 10,000-bookmark
// import and its enrichment run. Every bookmark's domain is on INGESTION_DENY_DOMAINS, so each enrichment job
// ends at once as a `blocked_domain` quarantine: the queue runs as fast as the database lets it, the case
// that once kept PGlite from answering anything for 115 s. A probe in a worker thread polls /healthz and a
// catalog read (the workspace's resources, first page) one request at a time from the upload until the last
// job is done; the table gives their p50/p99/max, and the server thread's own event-loop delay. PGlite in a
// new data directory (as `npm start` runs it), then PostgreSQL (BENCH_DATABASE_URL, default local; skipped
// when unreachable) as the baseline.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, MEMORY, type DbHandle } from '@stackyard/db/client';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { tempDir } from '@stackyard/testing/processes';
import { generateBookmarksFile } from '../ingestion/bookmarks.ts';
import { percentile } from '../support/cases.ts';
import { benchDatabase, benchPostgresUrl } from '../support/postgres.ts';
import { UNLIMITED } from '../support/rate-limits.ts';
import { benchThroughput, THROUGHPUT_HEADER, type ThroughputCase } from './throughput.ts';
import { importsDone, openJobs, PROBE_INTERVAL_MS, seedWorkspace, startProbe } from './setup.ts';

const BOOKMARKS = Number(process.env.BENCH_BOOKMARKS ?? 10_000);
const LINKS = Number(process.env.BENCH_LINKS ?? 2_000);
// The one-host and slow cases are bound by politeness and latency: a fifth of the links tells as much.
const CASES: ThroughputCase[] = [
  { name: '10 hosts answering at once', hosts: 10, latencyMs: 0, links: LINKS },
  { name: '1 host answering at once', hosts: 1, latencyMs: 0, links: Math.ceil(LINKS / 5) },
  { name: '10 hosts answering after 200 ms', hosts: 10, latencyMs: 200, links: Math.ceil(LINKS / 5) },
];

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  console.log(`\n### ${label}: enrichment fetching local upstreams\n${THROUGHPUT_HEADER}`);
  for (const job of CASES) console.log(await benchThroughput(db, job));
  await benchBlocked(label, db);
}

async function benchBlocked(label: string, db: DbHandle): Promise<void> {
  const { ownerId, workspaceId } = await seedWorkspace(db);
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  // The generated file's hosts are all `site-N.example`.
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: web.path,
    INGESTION_DENY_DOMAINS: 'example',
    ...UNLIMITED,
  });
  const app = await buildApp(config, { db, verifier: issuer.verifier });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  try {
    // Valid for the whole run, however slow the machine (the default is ten minutes).
    const token = await issuer.sign(ownerId, { expiresIn: 3600 });
    const catalogPath = `/api/v1/resources/workspace/${workspaceId}?limit=50`;
    const probe = startProbe({
      baseUrl,
      paths: [
        { path: '/healthz', token: null },
        { path: catalogPath, token },
      ],
      intervalMs: PROBE_INTERVAL_MS,
    });
    loopDelay.enable();
    const started = performance.now();
    const upload = await fetch(
      `${baseUrl}/api/v1/ingestion/bookmarks/workspace/${workspaceId}?file_name=bench.html`,
      {
        method: 'POST',
        body: generateBookmarksFile(BOOKMARKS),
        headers: { 'content-type': 'text/html', authorization: `Bearer ${token}` },
      },
    );
    if (upload.status !== 202)
      throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
    await importsDone(db);
    const importedAt = Date.now();
    const importMs = performance.now() - started;
    while ((await openJobs(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const elapsedMs = performance.now() - started;
    loopDelay.disable();
    const result = await probe.stop();
    const [counts] = await db.rows<{ quarantined: number; resources: number }>(sql`select
        (select count(*)::int from ingestion_submissions where status = 'quarantined') as quarantined,
        (select count(*)::int from resources where workspace_id = ${workspaceId}) as resources`);

    console.log(
      `\n### ${label}: ${counts?.resources} resources imported in ${(importMs / 1000).toFixed(1)} s, ${counts?.quarantined} enrichment jobs quarantined by ${(elapsedMs / 1000).toFixed(1)} s`,
    );
    console.log('| request | while | requests | failed | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    const phases = [
      { name: 'importing', during: (at: number) => at < importedAt },
      { name: 'enriching', during: (at: number) => at >= importedAt },
      { name: 'both', during: () => true },
    ];
    ['GET /healthz', 'GET /resources/workspace/{id} (first 50)'].forEach((name, index) => {
      const latencies = result.latenciesMs[index] ?? [];
      const sentAt = result.sentAt[index] ?? [];
      for (const phase of phases) {
        const sorted = latencies.filter((_, i) => phase.during(sentAt[i] ?? 0)).sort((a, b) => a - b);
        const failed = phase.name === 'both' ? String(result.failures[index]) : '';
        console.log(
          `| ${name} | ${phase.name} | ${sorted.length} | ${failed} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} |`,
        );
      }
    });
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `| server thread's event-loop delay | both | | | ${ms(loopDelay.percentile(50))} | ${ms(loopDelay.percentile(99))} | ${ms(loopDelay.max)} |`,
    );
  } finally {
    await app.close();
    web.remove();
  }
}

console.log(
  `enrichment: ${LINKS} links fetched from local upstreams; ${BOOKMARKS} bookmarks of denied domains imported, every one enriched (node ${process.version})`,
);
const dataDir = tempDir('stackyard-bench-enrichment');
const pglite = await createDb({ dataDir: dataDir.path });
try {
  await benchEngine('PGlite (data directory)', pglite);
} finally {
  await pglite.close();
  dataDir.remove();
}
const database = await benchDatabase('enrichment');
if (database) {
  const postgres = await createDb({ databaseUrl: database.url, dataDir: MEMORY, poolMax: 10 });
  try {
    await benchEngine('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await database.drop();
  }
} else {
  console.log(
    `PostgreSQL at ${new URL(benchPostgresUrl).host} not reachable: skipped (set BENCH_DATABASE_URL)`,
  );
}
