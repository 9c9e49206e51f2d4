// Enrichment at network speed: imports bookmarks that point at local upstream sites (bench/enrichment/
// upstream.ts) and times their enrichment, each job a real fetch of a real page through the guarded fetcher.
// Prints jobs/s, the longest time no page request arrived anywhere while jobs were still due, the most requests
// one host had in flight, and the probe's latency of a catalog read meanwhile.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { tempDir } from '@stackyard/testing/processes';
import { percentile } from '../support/cases.ts';
import { UNLIMITED } from '../support/rate-limits.ts';
import { importsDone, openJobs, PROBE_INTERVAL_MS, seedWorkspace, startProbe } from './setup.ts';
import { bookmarksFileOf, startUpstreams } from './upstream.ts';

export interface ThroughputCase {
  name: string;
  hosts: number;
  latencyMs: number;
  links: number;
}

export const THROUGHPUT_HEADER = [
  '| case | jobs | failed | jobs/s | longest idle gap ms | most in flight on one host | catalog read p50 / p99 ms |',
  '|---|---:|---:|---:|---:|---:|---:|',
].join('\n');

// The deployment's own ingestion settings (concurrency, politeness) reach the benchmark's server.
const ingestionEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith('INGESTION_')),
);

export async function benchThroughput(db: DbHandle, job: ThroughputCase): Promise<string> {
  const { ownerId, workspaceId } = await seedWorkspace(db);
  const upstreams = await startUpstreams(job.hosts, job.latencyMs);
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: web.path,
    INGESTION_INTRANET_ALLOWLIST: '127.0.0.0/8',
    ...ingestionEnv,
    ...UNLIMITED,
  });
  const app = await buildApp(config, {
    db,
    verifier: issuer.verifier,
    ingestion: { fetch: { resolver: upstreams.resolver } },
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await issuer.sign(ownerId, { expiresIn: 3600 });
    const startedAt = Date.now();
    const upload = await fetch(
      `${baseUrl}/api/v1/ingestion/bookmarks/workspace/${workspaceId}?file_name=bench.html`,
      {
        method: 'POST',
        body: bookmarksFileOf(upstreams.urls(job.links, job.name.replace(/\W+/g, '-'))),
        headers: { 'content-type': 'text/html', authorization: `Bearer ${token}` },
      },
    );
    if (upload.status !== 202)
      throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
    await importsDone(db);
    const importedAt = Date.now();
    const probe = startProbe({
      baseUrl,
      paths: [{ path: `/api/v1/resources/workspace/${workspaceId}?limit=50`, token }],
      intervalMs: PROBE_INTERVAL_MS,
    });
    while ((await openJobs(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await probe.stop();
    const [jobs] = await db.rows<{ done: number; failed: number; first_claim: number; last_end: number }>(sql`
      select count(*)::int as done, count(*) filter (where state = 'failed')::int as failed,
        (extract(epoch from max(updated_at)) * 1000)::float8 as last_end
      from jobs where queue = 'ingestion-enrichment' and updated_at >= to_timestamp(${startedAt / 1000})`);
    const arrivals = upstreams.arrivals().map((at) => performance.timeOrigin + at);
    const first = arrivals[0] ?? importedAt;
    const seconds = (Number(jobs?.last_end ?? first) - first) / 1000;
    let gap = 0;
    arrivals.forEach((at, i) => (gap = i > 0 ? Math.max(gap, at - (arrivals[i - 1] ?? at)) : gap));
    const latencies = [...(result.latenciesMs[0] ?? [])].sort((a, b) => a - b);
    return `| ${job.name} | ${jobs?.done} | ${jobs?.failed} | ${(Number(jobs?.done) / seconds).toFixed(1)} | ${gap.toFixed(0)} | ${upstreams.maxInFlightPerHost()} | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} |`;
  } finally {
    await app.close();
    await upstreams.close();
    web.remove();
  }
}
