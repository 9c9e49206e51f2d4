// The load generator, in a worker thread so it does not share the server's event loop. It keeps
// `concurrency` requests in flight over keep-alive connections until `maxRequests` or `maxMs`.
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  baseUrl: string;
  requests: Array<{
    path: string;
    token: string | null;
    /** A POST with this JSON body (and these headers) instead of a GET. */
    body?: unknown;
    headers?: Record<string, string>;
  }>;
  concurrency: number;
  warmup: number;
  maxRequests: number;
  maxMs: number;
}

export interface LoadResult {
  latenciesMs: number[];
  elapsedMs: number;
  failures: number;
  statuses: Record<string, number>;
}

async function run(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const fire = async (measure: boolean, latencies: number[], statuses: Record<string, number>) => {
    const request = job.requests[next++ % job.requests.length];
    if (!request) throw new Error('no requests');
    const started = performance.now();
    const response = await fetch(`${job.baseUrl}${request.path}`, {
      ...(request.body === undefined ? {} : { method: 'POST', body: JSON.stringify(request.body) }),
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
    });
    await response.arrayBuffer();
    if (measure) {
      latencies.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const ignored: number[] = [];
  for (let i = 0; i < job.warmup; i += job.concurrency) {
    await Promise.all(Array.from({ length: job.concurrency }, () => fire(false, ignored, {})));
  }
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  let issued = 0;
  const started = performance.now();
  const lane = async () => {
    while (issued < job.maxRequests && performance.now() - started < job.maxMs) {
      issued++;
      await fire(true, latenciesMs, statuses).catch(() => failures++);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, lane));
  return { latenciesMs, elapsedMs: performance.now() - started, failures, statuses };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
