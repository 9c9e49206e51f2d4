// Scanner benchmark: a generated monorepo of 200 manifests declaring 5,000 dependencies (npm workspaces with a
// lockfile, requirements, go.mod, Cargo.toml, pom.xml) beside source files, scanned from disk and matched
// against 10,000 tools. p50/p99 of the scan, of the match and of both, and manifests per second, against a
// bare walk that reads the same manifests without parsing them. Target: at least 2,000 manifests per second.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatcher, type MatchableTool } from '../../packages/scanner/src/match.ts';
import { scanTree } from '../../packages/scanner/src/scan.ts';
import { localTree } from '../../packages/scanner/src/tree.ts';
import { percentile } from '../support/cases.ts';

const MANIFESTS = 200;
const DEPENDENCIES = 5000;
const TOOLS = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET_FILES_PER_SECOND = 2000;
const PER_MANIFEST = DEPENDENCIES / MANIFESTS;

const root = mkdtempSync(join(tmpdir(), 'stackyard-bench-scan-'));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** Dependency k of manifest i: spread over 15,000 names, so about two in three are tools. */
const dependencyName = (i: number, k: number) => `pkg-${(i * 7919 + k * 104_729) % 15_000}`;

function generate(): number {
  const kinds = ['npm', 'npm', 'npm', 'pypi', 'go', 'cargo', 'maven'] as const;
  const lock: Record<string, { version: string }> = {};
  let manifests = 1;
  write(
    'package.json',
    JSON.stringify({ name: 'bench', private: true, workspaces: ['packages/*'] }, null, 2),
  );
  for (let i = 1; i < MANIFESTS; i += 1) {
    const names = Array.from({ length: PER_MANIFEST + (i === 1 ? PER_MANIFEST : 0) }, (_, k) =>
      dependencyName(i, k),
    );
    const kind = kinds[i % kinds.length];
    const dir = `packages/p${i}`;
    if (kind === 'npm') {
      const dependencies = Object.fromEntries(names.map((name) => [name, '^1.2.0']));
      for (const name of names) lock[`node_modules/${name}`] = { version: '1.2.3' };
      write(`${dir}/package.json`, JSON.stringify({ name: `@bench/p${i}`, dependencies }, null, 2));
    } else if (kind === 'pypi')
      write(`${dir}/requirements.txt`, names.map((name) => `${name}>=1.0`).join('\n'));
    else if (kind === 'go')
      write(
        `${dir}/go.mod`,
        `module x/p${i}\n\ngo 1.23\n\nrequire (\n${names.map((name) => `\tgithub.com/bench/${name} v1.0.0`).join('\n')}\n)\n`,
      );
    else if (kind === 'cargo')
      write(
        `${dir}/Cargo.toml`,
        `[package]\nname = "p${i}"\n\n[dependencies]\n${names.map((name) => `${name} = "1.0"`).join('\n')}\n`,
      );
    else {
      const entries = names.map(
        (name) =>
          `    <dependency><groupId>org.bench</groupId><artifactId>${name}</artifactId><version>1.0</version></dependency>`,
      );
      write(
        `${dir}/pom.xml`,
        `<project>\n  <dependencies>\n${entries.join('\n')}\n  </dependencies>\n</project>\n`,
      );
    }
    manifests += 1;
    for (const file of ['index.ts', 'util.ts', 'README.md']) write(`${dir}/src/${file}`, `// ${file}\n`);
  }
  write('package-lock.json', JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...lock } }));
  return manifests;
}

function tools(): MatchableTool[] {
  // Each tool a package in every ecosystem the monorepo uses, as a tool's facts list them.
  return Array.from({ length: TOOLS }, (_, n) => ({
    name: `Tool ${n}`,
    slug: `tool-${n}`,
    packages: [
      { ecosystem: 'npm', name: `pkg-${n}` },
      { ecosystem: 'pypi', name: `pkg-${n}` },
      { ecosystem: 'go', name: `github.com/bench/pkg-${n}` },
      { ecosystem: 'cargo', name: `pkg-${n}` },
      { ecosystem: 'maven', name: `org.bench:pkg-${n}` },
    ],
    repositoryUrl: `https://github.com/bench/tool-${n}`,
  }));
}

/** The baseline: the same walk and reads, no parsing. */
async function bareRead(): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (
      entry.isFile() &&
      /(package\.json|requirements\.txt|go\.mod|Cargo\.toml|pom\.xml|package-lock\.json)$/.test(entry.name)
    )
      bytes += (await readFile(join(entry.parentPath, entry.name), 'utf8')).length;
  }
  return bytes;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function main() {
  const manifests = generate();
  const catalog = tools();
  const scanTimes: number[] = [];
  const matchTimes: number[] = [];
  const bareTimes: number[] = [];
  const scanCpu: number[] = [];
  const indexTimes: number[] = [];
  let declared = 0;
  let matched = 0;
  // One unmeasured round each warms the caches and the JIT.
  for (let round = -1; round < ROUNDS; round += 1) {
    const bareStart = performance.now();
    await bareRead();
    const scanStart = performance.now();
    const cpu = process.cpuUsage();
    const scan = await scanTree(localTree(root));
    const { user, system } = process.cpuUsage(cpu);
    const matchStart = performance.now();
    const match = createMatcher(catalog);
    const lookupStart = performance.now();
    const results = scan.dependencies.map(match);
    const end = performance.now();
    if (round < 0) continue;
    bareTimes.push(scanStart - bareStart);
    scanTimes.push(matchStart - scanStart);
    scanCpu.push((user + system) / 1000);
    matchTimes.push(end - matchStart);
    indexTimes.push(lookupStart - matchStart);
    declared = scan.dependencies.length;
    matched = results.filter(Boolean).length;
  }
  const scan = summary(scanTimes);
  const match = summary(matchTimes);
  const both = summary(scanTimes.map((time, index) => time + (matchTimes[index] ?? 0)));
  const bare = summary(bareTimes);
  console.log(
    `${manifests} manifests (and a lockfile), ${declared} dependencies, ${matched} matched to one of ${TOOLS} tools; ${ROUNDS} rounds`,
  );
  console.log('| case | p50 ms | p99 ms | manifests/s (p50) |');
  console.log('| --- | --- | --- | --- |');
  const row = (name: string, figures: { p50: number; p99: number }) =>
    console.log(
      `| ${name} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${Math.round((manifests / figures.p50) * 1000)} |`,
    );
  row('scan (walk, read, parse)', scan);
  row('match (10,000 tools)', match);
  row('  of which indexing the tools', summary(indexTimes));
  row('scan + match', both);
  row('baseline: walk and read only', bare);
  row('scan, CPU time only', summary(scanCpu));
  const rate = (manifests / scan.p50) * 1000;
  console.log(
    `scan/baseline: ${(scan.p50 / bare.p50).toFixed(2)}x the time; target ≥ ${TARGET_FILES_PER_SECOND} manifests/s: ${rate >= TARGET_FILES_PER_SECOND ? 'met' : 'MISSED'}`,
  );
  rmSync(root, { recursive: true, force: true });
}

await main();
