import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { createJobWorker, enqueueJobs, type JobWorkerOptions } from './job-queue.ts';
import { createTestDb } from './testing.ts';

// Per-host politeness against a real HTTP server that counts the requests in flight for each host (named by
// the header the jobs send; fetch keeps its own Host): the limit holds, and a busy host's jobs never keep another host's job from starting.

const quiet = { warn: () => undefined, error: () => undefined };

let handle: DbHandle;
let server: http.Server;
let origin: string;
const inFlight = new Map<string, number>();
const mostInFlight = new Map<string, number>();
let mostOverall = 0;
const startedAt: Array<{ host: string; at: number }> = [];
// Requests of these hosts are answered only when released (the test decides when).
const heldHosts = new Set<string>();
const held: Array<() => void> = [];
// When set, every request waits until this many are in flight, then all are answered together.
let roundSize = 0;
const round: Array<() => void> = [];

beforeAll(async () => {
  handle = await createTestDb();
  server = http.createServer((request, response) => {
    const host = String(request.headers['x-site'] ?? '');
    const count = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, count);
    mostInFlight.set(host, Math.max(mostInFlight.get(host) ?? 0, count));
    mostOverall = Math.max(
      mostOverall,
      [...inFlight.values()].reduce((a, b) => a + b, 0),
    );
    startedAt.push({ host, at: performance.now() });
    const answer = () => {
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
      response.end('ok');
    };
    if (heldHosts.has(host)) held.push(answer);
    else if (roundSize > 0) {
      round.push(answer);
      if (round.length >= roundSize) round.splice(0).forEach((release) => release());
    } else setTimeout(answer, 20);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await handle.close();
});

let counter = 0;
function politeWorker(limits: JobWorkerOptions['hostLimits'], concurrency = 8) {
  return createJobWorker(handle.db, {
    queue: `polite-${++counter}`,
    concurrency,
    pollMs: 3_600_000,
    timeoutMs: 10_000,
    log: quiet,
    ...(limits ? { hostLimits: limits } : {}),
    async handler(job) {
      const response = await fetch(origin, { headers: { 'x-site': job.host ?? 'none' } });
      await response.text();
    },
  });
}

function jobsFor(hosts: string[]) {
  return { payloads: hosts.map((host, n) => ({ host, n })), hosts };
}

describe('per-host limits', () => {
  it('keeps at most the limit of requests in flight per host while other hosts go on', async () => {
    const worker = politeWorker({ concurrency: 2, spacingMs: 0 });
    const hosts = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'b.test' : 'a.test'));
    const { payloads } = jobsFor(hosts);
    await enqueueJobs(handle.db, `polite-${counter}`, payloads, { hosts });
    // Answered four at a time: the worker (eight slots) must have two of each host in flight to go on, which
    // it reaches only if a full host's jobs leave the slots to the other host's.
    roundSize = 4;
    try {
      expect(await worker.drain()).toBe(40);
    } finally {
      roundSize = 0;
      await worker.stop();
    }
    expect(mostInFlight.get('a.test')).toBe(2);
    expect(mostInFlight.get('b.test')).toBe(2);
    expect(mostOverall).toBe(4);
  });

  it('starts the jobs of one host at least the spacing apart', async () => {
    const worker = politeWorker({ concurrency: 2, spacingMs: 100 });
    const hosts = Array.from({ length: 5 }, () => 'c.test');
    await enqueueJobs(handle.db, `polite-${counter}`, jobsFor(hosts).payloads, { hosts });
    worker.start();
    const starts = () => startedAt.filter((start) => start.host === 'c.test').map((start) => start.at);
    // Each next start comes from the worker's own timer at the end of the spacing, not from a poll (the
    // worker polls once an hour). A loaded machine may take seconds for each claim, hence the long wait.
    await expect.poll(() => starts().length, { timeout: 30_000 }).toBe(5);
    await worker.drain();
    await worker.stop();
    // The gate measures from the claim, the server from the request's arrival, which a busy machine delays by
    // a varying few ms: each gap is well above none, and the five starts span four spacings.
    const at = starts();
    const gaps = at.slice(1).map((time, i) => time - (at[i] ?? time));
    for (const gap of gaps) expect(gap).toBeGreaterThan(50);
    expect(gaps.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThan(380);
  });

  it("starts another host's job while every job of a busy host waits queued", async () => {
    const worker = politeWorker({ concurrency: 1, spacingMs: 0 }, 2);
    const queue = `polite-${counter}`;
    heldHosts.add('slow.test');
    const slow = Array.from({ length: 5 }, () => 'slow.test');
    await enqueueJobs(handle.db, queue, jobsFor(slow).payloads, { hosts: slow });
    await enqueueJobs(handle.db, queue, [{ host: 'fast.test', n: 0 }], { hosts: ['fast.test'] });
    worker.start();
    // The fast host's job ran, though five jobs of the slow host came before it and one of them still runs.
    await expect
      .poll(() => startedAt.some((start) => start.host === 'fast.test'), { timeout: 30_000 })
      .toBe(true);
    expect(mostInFlight.get('slow.test')).toBe(1);
    heldHosts.clear();
    while (held.length > 0 || (inFlight.get('slow.test') ?? 0) > 0) {
      held.splice(0).forEach((answer) => answer());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.drain();
    await worker.stop();
    expect(startedAt.filter((start) => start.host === 'slow.test')).toHaveLength(5);
  });
});
