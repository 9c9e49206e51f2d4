// `npm test`: preflight (typecheck, lint, format), unit + integration tests, then end-to-end tests when a
// Chromium is found. Without one it says so loudly; REQUIRE_E2E=1 makes that a failure. Ends with one
// summary line, `tests: N passed, N failed, N skipped`. BENCH_BUDGET=1 adds `npm run bench -- budget`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../e2e/support/chromium.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');
const reports = mkdtempSync(join(tmpdir(), 'stackyard-test-'));
const failures: string[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
// CI keeps only the tail of the output, so the failed tests are named again in the summary at the end.
const failedTests: string[] = [];

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function noteFailures(step: string, report: VitestReport): void {
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(repoRoot) ? file.name.slice(repoRoot.length) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failedTests.push(`${step}: ${where} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
    if (!failed.length && file.status === 'failed')
      failedTests.push(`${step}: ${where}\n    ${firstLine(file.message)}`);
  }
}

function run(step: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status === 0) return true;
  failures.push(step);
  return false;
}

function runVitest(step: string, args: string[]): void {
  const report = join(reports, `${step.replace(/\W+/g, '-')}.json`);
  run(step, process.execPath, [
    vitest,
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  try {
    const counts = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    noteFailures(step, counts);
    totals.passed += counts.numPassedTests ?? 0;
    totals.failed += counts.numFailedTests ?? 0;
    totals.skipped += (counts.numPendingTests ?? 0) + (counts.numTodoTests ?? 0);
  } catch {
    failures.push(`${step} (no report)`);
  }
}

const database = process.env.TEST_DATABASE_URL
  ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`
  : 'PGlite';
console.log(`stackyard tests on ${database}`);
run('preflight: typecheck, lint, format', 'npm', ['run', '--silent', 'preflight']);
runVitest('unit and integration tests', []);

const chromium = findChromium();
if (chromium) {
  runVitest('end-to-end tests', ['--config', 'e2e/vitest.config.ts']);
} else {
  const banner = '!'.repeat(78);
  console.log(
    `\n${banner}\n!! END-TO-END TESTS NOT RUN: no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)\n${banner}`,
  );
  if (process.env.REQUIRE_E2E === '1') failures.push('end-to-end tests (REQUIRE_E2E=1 and no Chromium)');
}
rmSync(reports, { recursive: true, force: true });
// The performance budget measures ratios, which hold on a busy machine better than times but not perfectly:
// asked for, never by default, so CI does not turn flaky.
if (process.env.BENCH_BUDGET === '1') {
  run('performance budget (BENCH_BUDGET=1)', process.execPath, [
    '--experimental-strip-types',
    join(repoRoot, 'bench/run.ts'),
    'budget',
  ]);
}

console.log('');
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
