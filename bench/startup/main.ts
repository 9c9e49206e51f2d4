// Start-up benchmark: time from spawning the server to the first 200 from /readyz, and resident memory
// once idle, on PGlite (the first new data directory on a machine, made by initdb; a later new one, copied from
// the migrated cluster the first kept; an existing one) and on PostgreSQL. The baseline is a bare Node HTTP
// server measured the same way in the same run, so the ratios say what stackyard adds.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEMORY } from '@stackyard/db/client';
import { PgliteThread } from '@stackyard/db/pglite-thread';
import { tempDir } from '@stackyard/testing/processes';
import { recordLimit } from '../support/limits.ts';
import { benchDatabase, benchPostgresUrl } from '../support/postgres.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The targets, by case: ready ms and idle RSS MiB (the budget checks them through BENCH_LIMITS_FILE).
const TARGETS: Record<string, { readyMs?: number; rssMiB?: number }> = {
  'PGlite, new data dir': { readyMs: 1_500, rssMiB: 250 },
  'PGlite, existing data dir': { readyMs: 800, rssMiB: 250 },
  PostgreSQL: { rssMiB: 200 },
};
const IDLE_MS = 2_000;
const serverEntry = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
// Preloaded into every measured process (the baseline too): on SIGUSR2 it writes process.memoryUsage() and
// the V8 heap of each worker thread (the PGlite thread's; diagnostics_channel announces each new one) to the
// file named by STACKYARD_BENCH_MEMORY_FILE. Plain JavaScript in a data: URL, so that the baseline loads no
// TypeScript support for it.
const memoryProbeSource = `import { renameSync, writeFileSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
const workers = [];
subscribe('worker_threads', ({ worker }) => workers.push(worker));
process.on('SIGUSR2', async () => {
  const heaps = await Promise.all(workers.map((w) => w.getHeapStatistics().catch(() => null)));
  const workerHeap = heaps.reduce((sum, heap) => sum + (heap ? heap.total_heap_size : 0), 0);
  const file = process.env.STACKYARD_BENCH_MEMORY_FILE;
  // Written aside and renamed: the bench reads the file as soon as it exists.
  writeFileSync(file + '.part', JSON.stringify({ ...process.memoryUsage(), workerHeap }));
  renameSync(file + '.part', file);
});`;
const memoryProbe = ['--import', `data:text/javascript,${encodeURIComponent(memoryProbeSource)}`];
const probeDir = tempDir('stackyard-bench-memory');
let probes = 0;
const baselineScript = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port) })`;

interface Sample {
  readyMs: number;
  rssMiB: number;
  /** The main thread's V8 heap: reserved (heapTotal) and live (heapUsed). */
  heapTotalMiB: number;
  heapUsedMiB: number;
  /** The worker threads' V8 heaps, reserved. */
  workerHeapMiB: number;
  /** Resident parts of the RSS by mapping (resident in smaps). */
  wasmMiB: number;
  codeMiB: number;
}

/**
 * PostgreSQL's WebAssembly memory (the Emscripten heap) is the only anonymous read-write mapping of 128 MiB
 * or more: glibc's arenas stay within 64 MiB, and V8 commits its heaps in pages of 256 KiB. Code is what is
 * mapped executable: node's binary and libraries, and the JavaScript and WebAssembly V8 compiled.
 */
function residentByMapping(pid: number | undefined): { wasmMiB: number; codeMiB: number } {
  let wasmKiB = 0;
  let codeKiB = 0;
  let mapping = { size: 0, perms: '', path: '' };
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (range) {
      const size = Number.parseInt(range[2] ?? '0', 16) - Number.parseInt(range[1] ?? '0', 16);
      mapping = { size, perms: range[3] ?? '', path: range[4] ?? '' };
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+)/);
    if (!rss) continue;
    if (mapping.perms.includes('x')) codeKiB += Number(rss[1]);
    else if (!mapping.path && mapping.perms.startsWith('rw') && mapping.size >= 128 * MiB)
      wasmKiB += Number(rss[1]);
  }
  return { wasmMiB: wasmKiB / 1024, codeMiB: codeKiB / 1024 };
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
    const mappings = residentByMapping(child.pid);
    child.kill('SIGUSR2');
    for (let waited = 0; !existsSync(memoryFile) && waited < 2_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const memory = JSON.parse(readFileSync(memoryFile, 'utf8')) as NodeJS.MemoryUsage & {
      workerHeap: number;
    };
    rmSync(memoryFile);
    return {
      readyMs,
      rssMiB: rssKiB / 1024,
      heapTotalMiB: memory.heapTotal / MiB,
      heapUsedMiB: memory.heapUsed / MiB,
      workerHeapMiB: memory.workerHeap / MiB,
      ...mappings,
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
// The server tunes glibc's malloc unless the environment already says how (apps/server/src/process-restart.ts):
// an empty GLIBC_TUNABLES keeps glibc's defaults, for the figures before.
const untuned: Sample[] = [];
// Removed after the last round: removing a round's folders (some 3,600 files) left the file system busy
// with it while the next round created its own, and a new data directory's copy then took twice as long.
const used: Array<{ remove(): void }> = [];
for (let i = 0; i < ROUNDS; i++) {
  const cache = tempDir('stackyard-bench-cache');
  const [made, copied] = [tempDir('stackyard-bench'), tempDir('stackyard-bench')];
  used.push(cache, made, copied);
  const env = { ...base, XDG_CACHE_HOME: cache.path };
  first.push(await measure(server, { ...env, DATA_DIR: made.path }));
  fresh.push(await measure(server, { ...env, DATA_DIR: copied.path }));
  warm.push(await measure(server, { ...env, DATA_DIR: copied.path }));
  untuned.push(await measure(server, { ...env, DATA_DIR: copied.path, GLIBC_TUNABLES: '' }));
}
for (const dir of used) dir.remove();
rows.push(
  { name: 'PGlite, the first new data dir (initdb)', samples: first },
  { name: 'PGlite, new data dir', samples: fresh },
  { name: 'PGlite, existing data dir', samples: warm },
  { name: "PGlite, existing data dir, glibc's malloc defaults", samples: untuned },
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
  '| case | ready ms | × baseline | idle RSS MiB | × baseline | main V8 heap reserved / used MiB | worker V8 heaps MiB | WebAssembly memory MiB | code MiB | rest MiB |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const marks: string[] = [];
for (const { name, samples } of rows) {
  const of = (value: (sample: Sample) => number) => median(samples.map(value));
  const ready = of((sample) => sample.readyMs);
  const rss = of((sample) => sample.rssMiB);
  const target = TARGETS[name];
  if (target?.readyMs)
    marks.push(`${name}, ready ${recordLimit(`${name}: ready ms`, ready, target.readyMs)}`);
  if (target?.rssMiB) marks.push(`${name}, RSS ${recordLimit(`${name}: idle RSS MiB`, rss, target.rssMiB)}`);
  const rest = of(
    (sample) => sample.rssMiB - sample.heapTotalMiB - sample.workerHeapMiB - sample.wasmMiB - sample.codeMiB,
  );
  const cells = [
    ready.toFixed(0),
    (ready / baseReady).toFixed(1),
    rss.toFixed(1),
    (rss / baseRss).toFixed(1),
    `${of((sample) => sample.heapTotalMiB).toFixed(1)} / ${of((sample) => sample.heapUsedMiB).toFixed(1)}`,
    of((sample) => sample.workerHeapMiB).toFixed(1),
    of((sample) => sample.wasmMiB).toFixed(1),
    of((sample) => sample.codeMiB).toFixed(1),
    rest.toFixed(1),
  ];
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
if (marks.length > 0) console.log(`targets: ${marks.join('; ')}`);

// The memory settings PGlite's PostgreSQL runs with (those of the server's thread: the same settings).
const thread = await PgliteThread.start({ dataDir: MEMORY });
const { rows: settings } = await thread.query<{ name: string; value: string }>(
  `select name, current_setting(name) as value from pg_settings
   where name in ('shared_buffers', 'wal_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers')
   order by name`,
);
await thread.close(false);
console.log(`PGlite's settings: ${settings.map(({ name, value }) => `${name} ${value}`).join(', ')}`);
