import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shortcuts = new URL('./module-loading.ts', import.meta.url).href;
const specifiers = ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres', 'drizzle-orm/sql'];

interface Loaded {
  resolved: string[];
  exports: number;
  heapTotalMiB: number;
}

// A fresh process loads what the server loads from drizzle-orm, with or without the shortcuts, and reports
// where each specifier resolved, how many exports it got, and how large V8's heap grew.
function load(withShortcuts: boolean): Loaded {
  const script = `
    ${withShortcuts ? `(await import(${JSON.stringify(shortcuts)})).registerModuleLoadingShortcuts();` : ''}
    const specifiers = ${JSON.stringify(specifiers)};
    let exports = 0;
    for (const specifier of specifiers) exports += Object.keys(await import(specifier)).length;
    exports += Object.keys(await import('@stackyard/db/schema')).length;
    console.log(JSON.stringify({
      resolved: specifiers.map((specifier) => import.meta.resolve(specifier)),
      exports,
      heapTotalMiB: process.memoryUsage().heapTotal / 1048576,
    }));`;
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--input-type=module', '-e', script],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  expect(result.stderr).not.toMatch(/Error/);
  return JSON.parse(result.stdout) as Loaded;
}

// A fresh process imports the server's app and database client, with or without the shortcuts, and reports
// every module it loaded with its format.
function graph(withShortcuts: boolean): Record<string, string> {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = {};
    registerHooks({ load(url, context, next) { const result = next(url, context); loaded[url] = result.format; return result; } });
    ${withShortcuts ? `(await import(${JSON.stringify(shortcuts)})).registerModuleLoadingShortcuts();` : ''}
    await import(${JSON.stringify(new URL('./app.ts', import.meta.url).href)});
    await import('@stackyard/db/client');
    console.log(JSON.stringify(loaded));`;
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--input-type=module', '-e', script],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(result.stderr).not.toMatch(/Error/);
  const loaded = JSON.parse(result.stdout) as Record<string, string>;
  return Object.fromEntries(Object.entries(loaded).filter(([url]) => url !== shortcuts));
}

describe('module loading shortcuts', () => {
  it("resolve the server's whole module graph to the same files, with the same formats, as Node", () => {
    const plain = graph(false);
    expect(Object.keys(plain).length).toBeGreaterThan(500);
    expect(graph(true)).toEqual(plain);
  }, 60_000);

  it('resolve drizzle-orm to the same modules as Node, with a fraction of the heap', () => {
    const plain = load(false);
    const shortened = load(true);
    expect(shortened.resolved).toEqual(plain.resolved);
    expect(shortened.exports).toBe(plain.exports);
    expect(shortened.exports).toBeGreaterThan(100);
    // Without them Node re-parses drizzle-orm's 175 kB exports map per module: well over 100 MiB of heap.
    expect(shortened.heapTotalMiB).toBeLessThan(plain.heapTotalMiB / 2);
  }, 60_000);
});
