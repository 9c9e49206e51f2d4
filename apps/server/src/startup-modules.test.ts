// The real server as a child process: what only some requests need is loaded by the first of them, not at
// start-up, where every module read and compiled adds to the time to ready and to the idle heap.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCleanups, startServerProcess, tempDir } from '@stackyard/testing/processes';

const cleanups = createCleanups();
afterEach(() => cleanups.run());

// Preloaded into the server (NODE_OPTIONS): appends the URL of every module the process loads to a file, after
// the name of the thread that loaded it.
function loadLogger(file: string): string {
  const source = `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const thread = isMainThread ? 'main' : 'worker';
registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(file)}, thread + ' ' + url + '\\n'); return next(url, context); } });`;
  return `--import=data:text/javascript,${encodeURIComponent(source)}`;
}

const FIRST_USE = {
  'the API documentation': '/node_modules/@fastify/swagger/',
  'YAML, which it loads': '/node_modules/yaml/',
  'the MCP SDK': '/node_modules/@modelcontextprotocol/',
  'the manifest parsers': '/packages/scanner/src/parse.ts',
  'the zip reader': '/node_modules/fflate/',
  'the HTML parser': '/node_modules/htmlparser2/',
  // Fastify's default compilers, which the app's own replace.
  'Ajv, the default validator compiler': '/node_modules/ajv/',
  'the default serializer compiler': '/node_modules/@fastify/fast-json-stringify-compiler/',
};

describe('server start-up', () => {
  it('opens the database before loading the app, and the modules only some requests need with the first of those', async () => {
    const dir = tempDir('stackyard-startup-modules');
    cleanups.add(() => dir.remove());
    const log = join(dir.path, 'loaded.txt');
    const server = cleanups.track(
      await startServerProcess({ DATA_DIR: join(dir.path, 'data'), NODE_OPTIONS: loadLogger(log) }),
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const atStart = readFileSync(log, 'utf8');
    expect(atStart).toContain('/apps/server/src/app.ts');
    for (const [what, path] of Object.entries(FIRST_USE)) expect(atStart, what).not.toContain(path);
    // PGlite runs on its thread; drizzle's driver on the main thread gets the names it imports without it.
    expect(atStart).toContain('worker file:///');
    expect(atStart).toContain('/node_modules/drizzle-orm/pglite/');
    expect(atStart).not.toMatch(/^main .*\/node_modules\/@electric-sql\/pglite\//m);
    // The database is asked to open before the main thread loads much: drizzle's driver loads as it opens, and
    // until then the configuration and the server's few modules have loaded, with no package but zod.
    const main = atStart.split('\n').filter((line) => line.startsWith('main '));
    const opening = main.findIndex((line) => line.includes('/node_modules/drizzle-orm/pglite/'));
    const packagesBefore = new Set(
      main
        .slice(0, opening)
        .flatMap((line) => line.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []),
    );
    expect([...packagesBefore]).toEqual(['zod']);

    const docs = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0');
    expect(readFileSync(log, 'utf8')).toContain(FIRST_USE['the API documentation']);
  });
});
