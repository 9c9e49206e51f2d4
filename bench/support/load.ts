// The load generator, in a worker thread so it does not share the server's event loop. It keeps
// `concurrency` requests in flight over as many keep-alive connections until `maxRequests` or `maxMs`.
// node:http, not fetch: the generator shares the machine's cores with the server and the database, and fetch
// spends several times node:http's CPU on each request (streams, Headers and Response objects), time the
// server then lacks. It asks for compressed answers as a browser does and reads them without decoding them:
// the server's work is the same, and decoding is no part of what is measured.
import { Agent, request as httpRequest } from 'node:http';
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

/** What a browser asks for: the server answers zstd. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const base = new URL(job.baseUrl);
  const prepared = job.requests.map((request) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return {
      path: request.path,
      method: body === undefined ? 'GET' : 'POST',
      body,
      headers: {
        'accept-encoding': ACCEPT_ENCODING,
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        ...request.headers,
      },
    };
  });
  let next = 0;
  const fire = (measure: boolean, latencies: number[], statuses: Record<string, number>) =>
    new Promise<void>((resolve, reject) => {
      const request = prepared[next++ % prepared.length];
      if (!request) throw new Error('no requests');
      const started = performance.now();
      const outgoing = httpRequest(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path: request.path,
          method: request.method,
          headers: request.headers,
        },
        (response) => {
          response.on('data', () => {});
          response.once('error', reject);
          response.once('end', () => {
            if (measure) {
              latencies.push(performance.now() - started);
              const status = response.statusCode ?? 0;
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      outgoing.once('error', reject);
      outgoing.end(request.body);
    });
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
  agent.destroy();
  return { latenciesMs, elapsedMs: performance.now() - started, failures, statuses };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
