// Enrichment benchmark (issue 13, finding 2): whether the server keeps answering while a 10,000-bookmark
// import and its enrichment run. Every bookmark's domain is on INGESTION_DENY_DOMAINS, so each enrichment job
// ends at once as a `blocked_domain` quarantine: the queue runs as fast as the database lets it, the case
// that once kept PGlite from answering anything for 115 s. A probe in a worker thread polls /healthz and a
// catalog read (the workspace's resources, first page) one request at a time from the upload until the last
// job is done; the table gives their p50/p99/max, and the server thread's own event-loop delay. PGlite in a
// new data directory (as `npm start` runs it), then PostgreSQL (BENCH_DATABASE_URL, default local; skipped
// when unreachable) as the baseline.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { createDb, MEMORY, type DbHandle } from '@stackyard/db/client';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { tempDir } from '@stackyard/testing/processes';
import { generateBookmarksFile } from '../ingestion/bookmarks.ts';
import { percentile } from '../support/cases.ts';
import { benchDatabase, benchPostgresUrl } from '../support/postgres.ts';
import type { ProbeJob, ProbeResult } from './probe.ts';

const BOOKMARKS = Number(process.env.BENCH_BOOKMARKS ?? 10_000);
const PROBE_INTERVAL_MS = 20;

function startProbe(job: ProbeJob): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(new URL('./probe.ts', import.meta.url), { workerData: job });
  const result = new Promise<ProbeResult>((resolve, reject) => {
    worker.once('message', (message: ProbeResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

async function openJobs(db: DbHandle): Promise<number> {
  const [row] = await db.rows<{ open: number }>(
    sql`select count(*)::int as open from jobs where state in ('queued', 'running')`,
  );
  return Number(row?.open ?? 0);
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  const ownerId = randomUUID();
  const workspaceId = randomUUID();
  await db.rows(sql`insert into profiles (identity_id) values (${ownerId})`);
  await db.rows(sql`insert into usernames (username, identity_id) values ('bench_owner', ${ownerId})`);
  await db.rows(
    sql`insert into workspaces (id, owner_id, name, slug) values (${workspaceId}, ${ownerId}, 'Bench', 'bench')`,
  );
  await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
    values (${workspaceId}, ${ownerId}, 'admin')`);
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  // The generated file's hosts are all `site-N.example`.
  const config = loadConfig({ LOG_LEVEL: 'warn', WEB_DIST_DIR: web.path, INGESTION_DENY_DOMAINS: 'example' });
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
    const importDone = async () => {
      const [row] = await db.rows<{ running: number }>(
        sql`select count(*)::int as running from bookmark_imports where status = 'running'`,
      );
      return Number(row?.running ?? 1) === 0;
    };
    while (!(await importDone())) await new Promise((resolve) => setTimeout(resolve, 100));
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

console.log(`enrichment: ${BOOKMARKS} bookmarks imported, every one enriched (node ${process.version})`);
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
