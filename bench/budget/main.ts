// `npm run bench -- budget`: the key cases of the api and catalog benchmarks, run briefly on
// PGlite and on PostgreSQL, each ratio to its raw-SQL baseline checked against a floor, and PGlite's search
// after maintenance against the same search on fresh data. Ratios, not times:
// the API and its baseline take turns within each case, so a busy machine slows both and the ratio holds.
// Then the web and start-up benchmarks, briefly, against their targets (the first pages' bytes, slow-4G LCP
// and request chains; the time to ready and idle RSS). Exits 1 when a ratio falls under its floor, a figure
// misses its target, or a case did not run. The floors and targets are in bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RecordedRatio } from '../support/cases.ts';

/** Benchmark → case → the lowest ratio to its baseline that passes, on either engine. */
export const FLOORS: Record<string, Record<string, number>> = {
  api: {
    'GET /workspaces': 0.65,
    'GET /workspaces/{id}/members': 0.65,
  },
  catalog: {
    'GET /tools (first page of 50)': 0.65,
    'GET /tools (page at row 9000, cursor)': 0.65,
    'GET /tools/workspace/{toolId}': 0.65,
    'GET /search (20 hits, snippets)': 0.65,
  },
  // Against the same searches on the freshly seeded data: PGlite only (PostgreSQL vacuums by itself).
  maintenance: {
    'search mix after maintenance': 0.65,
  },
  // Short queries through the server's PGlite thread, against PGlite called directly: PGlite only.
  pglite: {
    'a row by primary key': 0.4,
    'a page of 50 rows': 0.6,
  },
};

const ENGINES = ['PGlite (in memory)', 'PostgreSQL'];
const benchDir = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'stackyard-budget-'));
const ratios: RecordedRatio[] = [];
let failed = false;

/**
 * Runs one benchmark briefly with `env` added; the JSON lines it wrote to `file` (none when it wrote no file:
 * what is missing is said by the caller). A failed run fails the budget.
 */
function runBrief(name: string, file: string, env: Record<string, string>): unknown[] {
  console.log(`\n## ${name} (brief)`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', join(benchDir, name, 'main.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (result.status !== 0) {
    console.log(`${name}: the benchmark failed (exit ${result.status})`);
    failed = true;
  }
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  } catch {
    return [];
  }
}

try {
  for (const name of Object.keys(FLOORS)) {
    const file = join(work, `${name}.jsonl`);
    // No lines: no case ran; each floor below says so.
    const lines = runBrief(name, file, {
      BENCH_RATIOS_FILE: file,
      BENCH_MAX_MS: process.env.BENCH_MAX_MS ?? '2000',
      BENCH_REQUESTS: process.env.BENCH_REQUESTS ?? '2000',
      BENCH_TURNS: process.env.BENCH_TURNS ?? '4',
      BENCH_BREAKDOWN_ITERATIONS: '0',
    });
    for (const line of lines) {
      const ratio = line as RecordedRatio;
      ratios.push({ ...ratio, name: `${name}: ${ratio.name}` });
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log('\n## budget: each ratio to its baseline against its floor');
console.log(`| case | floor | ${ENGINES.join(' | ')} |`);
console.log(`|---|---:|${ENGINES.map(() => '---:').join('|')}|`);
for (const [bench, floors] of Object.entries(FLOORS)) {
  for (const [name, floor] of Object.entries(floors)) {
    const cells = ENGINES.map((engine) => {
      const found = ratios.find((ratio) => ratio.engine === engine && ratio.name === `${bench}: ${name}`);
      // The benchmarks skip PostgreSQL, saying so, when its server does not answer (BENCH_DATABASE_URL);
      // maintenance and pglite run on PGlite only.
      const ranThere = ratios.some((ratio) => ratio.engine === engine && ratio.name.startsWith(`${bench}: `));
      if (!found && !ranThere) return 'skipped';
      if (!found) {
        failed = true;
        return 'did not run ✗';
      }
      const ok = found.ratio >= floor;
      failed ||= !ok;
      return `${found.ratio.toFixed(2)} ${ok ? '✓' : '✗ under the floor'}`;
    });
    console.log(`| ${bench}: ${name} | ${floor.toFixed(2)} | ${cells.join(' | ')} |`);
  }
}
// Absolute targets: the first pages' (JavaScript, slow-4G LCP, request chains) and start-up's (ready time, idle
// RSS), each benchmark run briefly, its figures written to a file of its own.
function absoluteTargets(name: string, rounds: string, skipped: string): void {
  const limitsFile = join(mkdtempSync(join(tmpdir(), `stackyard-budget-${name}-`)), `${name}.jsonl`);
  const limits = runBrief(name, limitsFile, {
    BENCH_LIMITS_FILE: limitsFile,
    BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? rounds,
  }) as Array<{ name: string; value: number; limit: number }>;
  rmSync(dirname(limitsFile), { recursive: true, force: true });
  console.log(`\n## budget: ${name} against its targets`);
  if (limits.length === 0) console.log(`${name}: no figures (${skipped})`);
  else {
    console.log('| figure | target | measured |');
    console.log('|---|---:|---:|');
    for (const { name: figure, value, limit } of limits) {
      const ok = value <= limit;
      failed ||= !ok;
      console.log(`| ${figure} | ≤ ${limit} | ${value.toFixed(1)} ${ok ? '✓' : '✗ over the target'} |`);
    }
  }
}
absoluteTargets('web', '2', 'skipped: no Chromium?');
absoluteTargets('startup', '3', 'the benchmark failed');

console.log(
  failed ? '\nbudget: FAILED' : '\nbudget: every ratio at or above its floor, every figure within its target',
);
process.exit(failed ? 1 : 0);
