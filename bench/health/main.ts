// Link health benchmark: 10,000 saved links checked by the link health job against a local site, at the
// per-host limit (one check of a host at a time, LINK_HEALTH_HOST_SPACING_MS apart) over many host names
// that all resolve to the site. The links are checked twice: the first pass fills the Needs attention list,
// then a probe in a worker thread polls that list and a catalog read one request at a time, first for a while
// with no check queued (the baseline), then while the second pass runs, so both phases read the same rows.
// The tables give each pass's rate and the probe's p50/p99/max in both phases, with the ratio of the p99s.
// PGlite in a new data directory, as `npm start` runs it. Figures only, no assertions.
import { sql } from 'drizzle-orm';
import { createDb } from '@stackyard/db/client';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { startFakeLinkSite } from '@stackyard/testing/fake-link-site';
import { tempDir } from '@stackyard/testing/processes';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { openJobs, PROBE_INTERVAL_MS, seedWorkspace, startProbe } from '../enrichment/setup.ts';
import { percentile } from '../support/cases.ts';
import { UNLIMITED } from '../support/rate-limits.ts';

const LINKS = Number(process.env.BENCH_HEALTH_LINKS ?? 10_000);
const HOSTS = 500;
// The default LINK_HEALTH_HOST_SPACING_MS.
const SPACING_MS = 2_000;
// How long the reads are probed before any check is queued: the baseline they are compared with.
const BASELINE_MS = 20_000;

const sortedOf = (latencies: readonly number[] | undefined) => [...(latencies ?? [])].sort((a, b) => a - b);

console.log(
  `health: ${LINKS} links over ${HOSTS} hosts, one check per host at a time, ${SPACING_MS} ms apart (node ${process.version})`,
);
const site = await startFakeLinkSite();
const port = new URL(site.origin).port;
const dataDir = tempDir('stackyard-bench-health');
const web = tempDir('stackyard-bench-web');
const db = await createDb({ dataDir: dataDir.path });
try {
  await db.migrate();
  const { ownerId, workspaceId } = await seedWorkspace(db);
  // A tenth of the links are gone, a tenth moved: the list the probe reads grows as the checks go.
  await db.rows(sql`insert into resources (workspace_id, fingerprint, raw_submitted_url, extracted_title)
    select ${workspaceId}, 'bench-' || i, 'http://site-' || (i % ${HOSTS}) || '.test:' || ${port} ||
      case i % 10 when 0 then '/missing' when 1 then '/old' else '/ok' end || '?' || i, 'Link ' || i
    from generate_series(1, ${LINKS}) as i`);
  const issuer = await createTestIssuer();
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: web.path,
    INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
    LINK_HEALTH_HOST_SPACING_MS: String(SPACING_MS),
    ...UNLIMITED,
  });
  const app = await buildApp(config, {
    db,
    verifier: issuer.verifier,
    health: { resolver: async () => [{ address: '127.0.0.1', family: 4 }], sweepMs: 0, pollMs: 100 },
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await issuer.sign(ownerId, { expiresIn: 3600 });
    const paths = [
      { path: `/api/v1/workspaces/${workspaceId}/health`, token },
      { path: `/api/v1/resources/workspace/${workspaceId}?limit=50`, token },
    ];
    /** Queues a check of every link and waits until the last is done; answers the seconds it took. */
    async function checkAll(): Promise<number> {
      const started = performance.now();
      const queued = await fetch(`${baseUrl}/api/v1/workspaces/${workspaceId}/health-check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (queued.status !== 202)
        throw new Error(`the check answered ${queued.status}: ${await queued.text()}`);
      while ((await openJobs(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      return (performance.now() - started) / 1000;
    }
    const firstPass = await checkAll();
    // The baseline: the same reads for a while with no check queued, in the same run.
    const idle = startProbe({ baseUrl, paths, intervalMs: PROBE_INTERVAL_MS });
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const before = await idle.stop();
    const probe = startProbe({ baseUrl, paths, intervalMs: PROBE_INTERVAL_MS });
    const secondPass = await checkAll();
    const during = await probe.stop();
    const counts = await db.rows<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from item_health group by status order by status`,
    );
    console.log(
      `\n| pass | links | hosts | seconds | links/s | ceiling at the per-host limit (links/s) | statuses |\n|---|---:|---:|---:|---:|---:|---|`,
    );
    const ceiling = SPACING_MS > 0 ? ((HOSTS * 1000) / SPACING_MS).toFixed(0) : '∞';
    const statuses = counts.map((row) => `${row.status} ${row.count}`).join(', ');
    for (const [pass, seconds] of [
      ['first', firstPass],
      ['second (probed)', secondPass],
    ] as const) {
      console.log(
        `| ${pass} | ${LINKS} | ${HOSTS} | ${seconds.toFixed(1)} | ${(LINKS / seconds).toFixed(0)} | ${ceiling} | ${statuses} |`,
      );
    }
    console.log(
      '\n| request | while | requests | failed | p50 ms | p99 ms | max ms | p99 / idle p99 |\n|---|---|---:|---:|---:|---:|---:|---:|',
    );
    ['GET /workspaces/{id}/health', 'GET /resources/workspace/{id} (first 50)'].forEach((name, index) => {
      const idleSorted = sortedOf(before.latenciesMs[index]);
      const idleP99 = percentile(idleSorted, 99);
      for (const [label, result] of [
        ['idle', before],
        ['checking', during],
      ] as const) {
        const sorted = sortedOf(result.latenciesMs[index]);
        const p99 = percentile(sorted, 99);
        console.log(
          `| ${name} | ${label} | ${sorted.length} | ${result.failures[index]} | ${percentile(sorted, 50).toFixed(1)} | ${p99.toFixed(1)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} | ${(p99 / idleP99).toFixed(2)} |`,
        );
      }
    });
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await site.close();
  dataDir.remove();
  web.remove();
}
