// Start-up benchmark: time from spawning the server to the first 200 from /readyz, and resident memory
// once idle, on PGlite (the first new data directory on a machine, made by initdb; a later new one, copied from
// the migrated cluster the first kept; an existing one) and on PostgreSQL. The baseline is a bare Node HTTP
// server measured the same way in the same run, so the ratios say what stackyard adds.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '@stackyard/testing/processes';
import { benchDatabase, benchPostgresUrl } from '../support/postgres.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_MS = 2_000;
const serverEntry = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
// Preloaded into every measured process (the baseline too): on SIGUSR2 it writes process.memoryUsage() to
// the file named by STACKYARD_BENCH_MEMORY_FILE, to split the RSS into V8's heap and the rest. Plain
// JavaScript in a data: URL, so that the baseline loads no TypeScript support for it.
const memoryProbeSource = `import { writeFileSync } from 'node:fs';
process.on('SIGUSR2', () => writeFileSync(process.env.STACKYARD_BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage())));`;
const memoryProbe = ['--import', `data:text/javascript,${encodeURIComponent(memoryProbeSource)}`];
const probeDir = tempDir('stackyard-bench-memory');
let probes = 0;
const baselineScript = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port) })`;

interface Sample {
  readyMs: number;
  rssMiB: number;
  /** V8's heap: reserved (heapTotal) and live (heapUsed); the rest of the RSS is code, native and WebAssembly memory. */
  heapTotalMiB: number;
  heapUsedMiB: number;
}

const MiB = 1024 * 1024;

async function measure(args: string[], env: Record<string, string>): Promise<Sample> {
  const started = performance.now();
  const memoryFile = join(probeDir.path, `${(probes += 1)}.json`);
  const child = spawn(process.execPath, [...memoryProbe, ...args], {
    env: { ...process.env, ...env, STACKYARD_BENCH_MEMORY_FILE: memoryFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      const timer = setInterval(() => {
        const match = output.match(/listening on (http:\/\/\S+)/);
        if (match?.[1]) {
          clearInterval(timer);
          resolve(match[1]);
        }
      }, 5);
    });
    for (;;) {
      const response = await fetch(`${url}/readyz`).catch(() => null);
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKiB = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    child.kill('SIGUSR2');
    for (let waited = 0; !existsSync(memoryFile) && waited < 2_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const memory = JSON.parse(readFileSync(memoryFile, 'utf8')) as NodeJS.MemoryUsage;
    rmSync(memoryFile);
    return {
      readyMs,
      rssMiB: rssKiB / 1024,
      heapTotalMiB: memory.heapTotal / MiB,
      heapUsedMiB: memory.heapUsed / MiB,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const server = ['--experimental-strip-types', serverEntry];
const noWeb = tempDir('stackyard-bench-web');
const base = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WEB_DIST_DIR: noWeb.path };
const rows: Array<{ name: string; samples: Sample[] }> = [];

rows.push({ name: 'baseline: bare node:http', samples: [] });
for (let i = 0; i < ROUNDS; i++) rows[0]?.samples.push(await measure(['-e', baselineScript], {}));

// A new data directory starts as a copy of the migrated cluster kept in the cache (XDG_CACHE_HOME), which the
// first new one on a machine makes: each round has a cache of its own, empty at first.
const first: Sample[] = [];
const fresh: Sample[] = [];
const warm: Sample[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const cache = tempDir('stackyard-bench-cache');
  const [made, copied] = [tempDir('stackyard-bench'), tempDir('stackyard-bench')];
  const env = { ...base, XDG_CACHE_HOME: cache.path };
  first.push(await measure(server, { ...env, DATA_DIR: made.path }));
  fresh.push(await measure(server, { ...env, DATA_DIR: copied.path }));
  warm.push(await measure(server, { ...env, DATA_DIR: copied.path }));
  for (const dir of [cache, made, copied]) dir.remove();
}
rows.push(
  { name: 'PGlite, the first new data dir (initdb)', samples: first },
  { name: 'PGlite, new data dir', samples: fresh },
  { name: 'PGlite, existing data dir', samples: warm },
);

const database = await benchDatabase('startup');
if (database) {
  const samples: Sample[] = [];
  for (let i = 0; i < ROUNDS; i++)
    samples.push(await measure(server, { ...base, DATABASE_URL: database.url }));
  await database.drop();
  rows.push({ name: 'PostgreSQL', samples });
} else {
  console.log(
    `PostgreSQL at ${new URL(benchPostgresUrl).host} not reachable: skipped (set BENCH_DATABASE_URL)`,
  );
}

noWeb.remove();
probeDir.remove();

const baseline = rows[0]?.samples ?? [];
const baseReady = median(baseline.map((sample) => sample.readyMs));
const baseRss = median(baseline.map((sample) => sample.rssMiB));
console.log(
  `start-up to first 200, median of ${ROUNDS}; RSS after ${IDLE_MS} ms idle (node ${process.version})`,
);
console.log(
  '| case | ready ms | × baseline | idle RSS MiB | × baseline | V8 heap reserved / used MiB | rest of RSS MiB |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const { name, samples } of rows) {
  const ready = median(samples.map((sample) => sample.readyMs));
  const rss = median(samples.map((sample) => sample.rssMiB));
  const heapTotal = median(samples.map((sample) => sample.heapTotalMiB));
  const heapUsed = median(samples.map((sample) => sample.heapUsedMiB));
  const rest = median(samples.map((sample) => sample.rssMiB - sample.heapTotalMiB));
  console.log(
    `| ${name} | ${ready.toFixed(0)} | ${(ready / baseReady).toFixed(1)} | ${rss.toFixed(1)} | ${(rss / baseRss).toFixed(1)} | ${heapTotal.toFixed(1)} / ${heapUsed.toFixed(1)} | ${rest.toFixed(1)} |`,
  );
}
