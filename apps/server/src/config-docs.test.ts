// The configuration tables of docs/configuration.md against what the code reads, so that neither drifts from the other: the
// server's config schema, the web app's build-time variables, and every other process.env reader.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.ts';
import { repoRoot } from '@stackyard/testing/processes';

interface Row {
  name: string;
  default: string;
  meaning: string;
}

/** The tables of docs/configuration.md, in order: server, web build, tests and tools. */
function configurationTables(): Row[][] {
  const section = readFileSync(join(repoRoot, 'docs/configuration.md'), 'utf8');
  const tables: Row[][] = [];
  let current: Row[] | null = null;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? '')?.[1];
    if (!current) tables.push((current = []));
    if (name) current.push({ name, default: cells[1] ?? '', meaning: cells.slice(2).join(' | ') });
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function namesRead(pattern: RegExp, dirs: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(repoRoot, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) names.add(match[1] as string);
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();
const [serverRows = [], webRows = [], toolRows = []] = configurationTables();

describe('the configuration tables of docs/configuration.md', () => {
  it('list every variable of the config schema, and no other, each with its default and a meaning', () => {
    expect(sorted(serverRows.map((row) => row.name))).toEqual(sorted(Object.keys(configSchema.shape)));
    const defaults: Record<string, unknown> = loadConfig({});
    for (const row of serverRows) {
      expect(row.meaning, row.name).not.toBe('');
      const value = defaults[row.name];
      if (row.default === '—') {
        expect([undefined, '[]'], row.name).toContain(Array.isArray(value) ? '[]' : value);
        continue;
      }
      // The SPA's folder defaults to an absolute path inside the checkout; the table shows it from the root.
      const shown = row.name === 'WEB_DIST_DIR' ? relative(repoRoot, String(value)) : String(value);
      expect(`\`${shown}\``, row.name).toBe(row.default);
    }
  });

  it("list the web app's build-time variables", () => {
    const declared = readFileSync(join(repoRoot, 'apps/web/src/vite-env.d.ts'), 'utf8');
    const names = new Set([...declared.matchAll(/readonly (VITE_[A-Z0-9_]+)\??:/g)].map((match) => match[1]));
    // Vite's own flags (PROD, DEV, MODE, SSR, BASE_URL) say how the app was built; they are not settings.
    const viteFlags = new Set(['PROD', 'DEV', 'MODE', 'SSR', 'BASE_URL']);
    for (const used of namesRead(/import\.meta\.env\.([A-Z][A-Z0-9_]*)/g, ['apps/web/src'])) {
      if (!viteFlags.has(used)) names.add(used);
    }
    expect(sorted(webRows.map((row) => row.name))).toEqual(sorted(names as Set<string>));
  });

  it('list every other variable the code reads, and only ones it reads', () => {
    const read = namesRead(/process\.env\.([A-Z][A-Z0-9_]*)/g, [
      'apps',
      'packages',
      'scripts',
      'e2e',
      'bench',
    ]);
    // Not settings: the user's home and PATH (handed on to child processes), and a file name the startup
    // benchmark hands to the server it spawns.
    const notSettings = new Set(['HOME', 'PATH', 'STACKYARD_BENCH_MEMORY_FILE']);
    const serverNames = new Set(Object.keys(configSchema.shape));
    const expected = [...read].filter((name) => !serverNames.has(name) && !notSettings.has(name));
    const listed = toolRows.map((row) => row.name);
    expect(sorted(listed)).toEqual(expect.arrayContaining(sorted(expected)));
    // The launcher is a shell script: what it reads is checked by name.
    const launcher = readFileSync(join(repoRoot, 'scripts/with-node.sh'), 'utf8');
    const stale = listed.filter((name) => !read.has(name) && !launcher.includes(`\${${name}`));
    expect(stale).toEqual([]);
  });
});
