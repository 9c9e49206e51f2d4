// Ingestion benchmark: pages per second fetched through the guarded fetcher and extracted (fetchPage), from
// the local fixture server on 127.0.0.1, with 1, 4 and 16 concurrent loops, and the peak resident memory of
// the process doing it. Baseline: the same pages with Node's fetch() (keep-alive, no vetting, no cap, no
// extraction), measured the same way in the same run, so the ratio says what guarding and extracting cost.
// Each row runs in a fresh process so its peak RSS is its own. Load stays on loopback, bounded in time.
// Then extraction alone over a corpus of realistic pages, with the fraction of pages each field is filled
// for (extraction.ts), the time to import a 10,000-bookmark file (bookmarks.ts), and /healthz latency while bookmarks files up
// to the 20 MB limit are uploaded and parsed (upload-latency.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import { fetchPage } from '@stackyard/ingestion/fetch-page';
import { percentile } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { BOOKMARKS, measureBookmarkImport } from './bookmarks.ts';
import { measureExtraction } from './extraction.ts';
import { measureUploadLatency } from './upload-latency.ts';

const LEVELS = [1, 4, 16];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PATHS = ['/tool', '/json-ld', '/plain/', '/acme/rocket-engine', '/gzip', '/latin1', '/redirect/2'];
const self = fileURLToPath(import.meta.url);

interface Measured {
  pages: number;
  seconds: number;
  peakRssMiB: number;
}

/** One row, inside its own process: loops fetching pages in turn until the time is up. */
async function loops(origin: string, mode: string, concurrency: number): Promise<Measured> {
  const policy = createAddressPolicy({ allowlist: ['127.0.0.1'] });
  const once =
    mode === 'guarded'
      ? async (url: string) => {
          const result = await fetchPage(url, { policy });
          if (!result.ok) throw new Error(`${url}: ${result.failure.code} ${result.failure.detail ?? ''}`);
        }
      : async (url: string) => {
          await (await fetch(url)).text();
        };
  const run = async (seconds: number) => {
    let pages = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, loop) => {
        for (let i = loop; performance.now() < until; i++) {
          await once(`${origin}${PATHS[i % PATHS.length] ?? '/tool'}`);
          pages++;
        }
      }),
    );
    return { pages, seconds: (performance.now() - started) / 1000 };
  };
  // 'idle' loads the same modules and does nothing: the memory floor the rows are compared with.
  if (mode !== 'idle') await run(0.5); // warm-up: JIT, first connections
  const { pages, seconds } = mode === 'idle' ? { pages: 0, seconds: 1 } : await run(SECONDS);
  const hwmKiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  return { pages, seconds, peakRssMiB: hwmKiB / 1024 };
}

const [role, origin, mode, concurrency] = process.argv.slice(2);
if (role === '--loops' && origin && mode && concurrency) {
  console.log(JSON.stringify(await loops(origin, mode, Number(concurrency))));
  process.exit(0);
}

const server = spawn(
  process.execPath,
  ['--experimental-strip-types', fileURLToPath(new URL('./fixture-process.ts', import.meta.url))],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
try {
  const fixtureOrigin = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /fixture listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.once('exit', (code) => reject(new Error(`fixture server exited with ${code}`)));
  });
  const measure = (rowMode: string, loopsCount: number): Measured => {
    const child = spawnSync(
      process.execPath,
      ['--experimental-strip-types', self, '--loops', fixtureOrigin, rowMode, String(loopsCount)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: (SECONDS + 30) * 1000 },
    );
    if (child.status !== 0) throw new Error(`${rowMode} × ${loopsCount} failed: ${child.status}`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Measured;
  };

  console.log(
    `pages per second from the local fixture server (${PATHS.length} pages in turn), ${SECONDS} s per row, ` +
      `each row in a fresh process (node ${process.version})`,
  );
  console.log('| case | loops | pages/s | × baseline | peak RSS MiB |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| idle process (modules loaded, no load) | 0 | | | ${measure('idle', 0).peakRssMiB.toFixed(1)} |`,
  );
  for (const level of LEVELS) {
    const base = measure('baseline', level);
    const guarded = measure('guarded', level);
    const basePerSecond = base.pages / base.seconds;
    for (const [name, row] of [
      ['fetch() only (baseline)', base],
      ['fetchPage: guarded fetch + extract', guarded],
    ] as const) {
      const perSecond = row.pages / row.seconds;
      console.log(
        `| ${name} | ${level} | ${perSecond.toFixed(0)} | ${(perSecond / basePerSecond).toFixed(2)} | ${row.peakRssMiB.toFixed(1)} |`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
}

// Extraction alone, no network: see extraction.ts.
const extraction = measureExtraction();
console.log(
  `\nextraction (extractMetadata) over a corpus of ${extraction.pages} realistic pages ` +
    `(${(extraction.bytes / 1024).toFixed(0)} KiB, 10 kinds from 6 sites), ${SECONDS} s per row (the target is at least 150 pages/s)`,
);
console.log('| case | pages/s | × baseline |');
console.log('|---|---:|---:|');
console.log(`| htmlparser2 parse only (baseline) | ${extraction.baselinePagesPerSecond.toFixed(0)} | 1.00 |`);
console.log(
  `| extractMetadata | ${extraction.pagesPerSecond.toFixed(0)} | ${(extraction.pagesPerSecond / extraction.baselinePagesPerSecond).toFixed(2)} |`,
);
console.log('\n| field | pages with it |\n|---|---:|');
for (const [field, fraction] of Object.entries(extraction.filled)) {
  console.log(`| ${field} | ${(fraction * 100).toFixed(0)} % |`);
}

// The bookmark import (no fetching): see bookmarks.ts.
const times = await measureBookmarkImport();
console.log(
  `\nimport of a generated ${BOOKMARKS.toLocaleString('en')}-bookmark file (${(times.bytes / 1024 / 1024).toFixed(1)} MB) ` +
    `on PGlite in a temporary data directory, no fetching (the target is under 60 s)`,
);
console.log('| case | ms | × baseline |');
console.log('|---|---:|---:|');
console.log(`| parse the file (htmlparser2's tokenizer, on this thread) | ${times.parseMs.toFixed(0)} | |`);
console.log(
  `| bare INSERT of the same rows, ${500}-row batches (baseline) | ${times.baselineMs.toFixed(0)} | 1.00 |`,
);
console.log(
  `| import job: ${times.imported} imported, ${times.duplicates} duplicates, ${times.skipped} skipped in all, ` +
    `folders as tags, enrichment queued | ${times.importMs.toFixed(0)} | ${(times.importMs / times.baselineMs).toFixed(2)} |`,
);

// /healthz while bookmarks files are uploaded and parsed: see upload-latency.ts.
console.log(
  '\n/healthz latency while bookmarks files are uploaded and parsed, one health check after the other',
);
await onEachEngine('upload', async (engine, handle) => {
  const rows = await measureUploadLatency(handle);
  const [idle] = rows;
  const idleP99 = percentile(
    [...(idle?.healthzMs ?? [])].sort((a, b) => a - b),
    99,
  );
  console.log(`\n### ${engine} (target: p99 under 100 ms during every upload)`);
  console.log(
    '| upload | MB | answer | upload ms | /healthz answered | p50 ms | p99 ms | max ms | p99 ÷ baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const sorted = [...row.healthzMs].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `| ${row.name} | ${(row.bytes / 1024 / 1024).toFixed(1)} | ${row.status ?? ''} | ${row.uploadMs.toFixed(0)} | ` +
        `${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${p99.toFixed(1)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} | ` +
        `${(p99 / idleP99).toFixed(2)} |`,
    );
  }
});
