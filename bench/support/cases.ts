// Runs the HTTP load of the API benchmarks: each case in a worker thread (so the load generator does not
// share the server's event loop), then one table row per case.
import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load.ts';

export interface BenchCase {
  name: string;
  requests: LoadJob['requests'];
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  warmup: number;
  maxRequests: number;
  maxMs: number;
  /** What the first case of each pair is called in the ratio column. */
  subject?: string;
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load.ts', import.meta.url), { workerData: job });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/**
 * Cases come in pairs, the API route then its raw-SQL baseline; the baseline's row carries the ratio.
 * Any answer but 200 stops the benchmark: figures of failing requests would mean nothing.
 */
export async function runCasePairs(cases: BenchCase[], options: LoadOptions): Promise<void> {
  console.log('| case | requests | req/s | p50 ms | p99 ms | req/s ÷ baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  let apiRps = 0;
  for (const [index, testCase] of cases.entries()) {
    const result = await load({ ...options, requests: testCase.requests });
    const bad = Object.entries(result.statuses).filter(([status]) => status !== '200');
    if (result.failures > 0 || bad.length > 0) {
      throw new Error(
        `${testCase.name}: ${result.failures} failures, statuses ${JSON.stringify(result.statuses)}`,
      );
    }
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const rps = (sorted.length / result.elapsedMs) * 1000;
    const isBaseline = index % 2 === 1;
    if (!isBaseline) apiRps = rps;
    const ratio = isBaseline ? `${options.subject ?? 'API'} = ${(apiRps / rps).toFixed(2)} × baseline` : '';
    console.log(
      `| ${testCase.name} | ${sorted.length} | ${rps.toFixed(0)} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${ratio} |`,
    );
  }
}
