// Runs the HTTP load of the API benchmarks: each case in a worker thread (so the load generator does not
// share the server's event loop), then one table row per case.
import { appendFileSync } from 'node:fs';
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

/** Runs a load generator module in a worker thread and answers its one message ({ error } fails). */
export function inWorker<T extends object>(module: URL, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(module, { workerData });
    worker.once('message', (message: T | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const load = (job: LoadJob) => inWorker<LoadResult>(new URL('./load.ts', import.meta.url), job);

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** Calls `once` (with a running count) for `seconds`, and answers how many calls a second it made. */
export function runsPerSecond(seconds: number, once: (index: number) => void): number {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) once(done++);
  return done / ((performance.now() - started) / 1000);
}

/** Prints a `| name | count | p50 | p99 |` row of latencies in ms and answers the p99. */
export function latencyRow(name: string, times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(`| ${name} | ${times.length} | ${percentile(sorted, 50).toFixed(2)} | ${p99.toFixed(2)} |`);
  return p99;
}

/** One line per ratio, for `npm run bench -- budget` (BENCH_RATIOS_FILE names the file). */
export interface RecordedRatio {
  engine: string;
  name: string;
  ratio: number;
}

/** Appends a ratio to BENCH_RATIOS_FILE, when it is set. */
export function recordRatio(ratio: RecordedRatio): void {
  const file = process.env.BENCH_RATIOS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(ratio)}\n`);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function rowOf(name: string, latencies: number[], elapsedMs: number, ratio: string): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rps = (sorted.length / elapsedMs) * 1000;
  return `| ${name} | ${sorted.length} | ${rps.toFixed(0)} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${ratio} |`;
}

/**
 * Cases come in pairs, the API route then its raw-SQL baseline; the baseline's row carries the ratio. The
 * two take turns (BENCH_TURNS rounds of API then baseline, default 4), so a burst of load from elsewhere on
 * the machine falls on both, and the ratio is the median of the rounds' ratios. Any answer but 200 stops
 * the benchmark: figures of failing requests would mean nothing.
 */
export async function runCasePairs(
  cases: BenchCase[],
  options: LoadOptions & { engine?: string },
): Promise<void> {
  const rounds = Math.max(1, Number(process.env.BENCH_TURNS ?? 4));
  console.log('| case | requests | req/s | p50 ms | p99 ms | req/s ÷ baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (let index = 0; index + 1 < cases.length; index += 2) {
    const pair = [cases[index], cases[index + 1]] as [BenchCase, BenchCase];
    const totals = pair.map(() => ({ latencies: [] as number[], elapsedMs: 0 }));
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const rps: number[] = [];
      for (const [side, testCase] of pair.entries()) {
        const result = await load({
          ...options,
          // The first round warms up; later ones only open their connections.
          warmup: round === 0 ? options.warmup : options.concurrency,
          maxRequests: Math.ceil(options.maxRequests / rounds),
          maxMs: options.maxMs / rounds,
          requests: testCase.requests,
        });
        const bad = Object.entries(result.statuses).filter(([status]) => status !== '200');
        if (result.failures > 0 || bad.length > 0) {
          throw new Error(
            `${testCase.name}: ${result.failures} failures, statuses ${JSON.stringify(result.statuses)}`,
          );
        }
        const total = totals[side];
        total?.latencies.push(...result.latenciesMs);
        if (total) total.elapsedMs += result.elapsedMs;
        rps.push((result.latenciesMs.length / result.elapsedMs) * 1000);
      }
      ratios.push((rps[0] ?? 0) / (rps[1] ?? 1));
    }
    const ratio = median(ratios);
    const [api, baseline] = totals;
    console.log(rowOf(pair[0].name, api?.latencies ?? [], api?.elapsedMs ?? 1, ''));
    console.log(
      rowOf(
        pair[1].name,
        baseline?.latencies ?? [],
        baseline?.elapsedMs ?? 1,
        `${options.subject ?? 'API'} = ${ratio.toFixed(2)} × baseline`,
      ),
    );
    recordRatio({ engine: options.engine ?? '', name: pair[0].name, ratio });
  }
}
