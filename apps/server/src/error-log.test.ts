import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { tempDir } from '../../../test/processes.ts';

// A failed query's error holds every bind parameter: a bookmark import batch put megabytes of titles on one
// log line. Logged errors are bounded and leave the parameter values out.

let db: Awaited<ReturnType<typeof createTestDb>>;
let app: FastifyInstance;
const web = tempDir('stackyard-web');
const logLines: string[] = [];
const MARKER = 'member-title-';
const huge = MARKER + 'x'.repeat(5 * 1024 * 1024);

beforeAll(async () => {
  mkdirSync(join(web.path, 'assets'));
  writeFileSync(join(web.path, 'index.html'), '<!doctype html><div id="root"></div>');
  db = await createTestDb();
  app = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'info' }), {
    db,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  // A route only this test has: a statement the database refuses, with a 5 MB value bound beside the bad one.
  app.get('/api/v1/test/failing-query', async () => {
    await db.db.execute(sql`select ${'not a number'}::int as n, ${huge}::text as t`);
    return {};
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
  web.remove();
});

describe('error log', () => {
  it('logs a failed query in a bounded line, with its statement and cause but not its values', async () => {
    expect((await app.inject('/api/v1/test/failing-query')).statusCode).toBe(500);
    const [line, ...more] = logLines.filter((entry) => entry.includes('"request failed"'));
    expect(more).toEqual([]);
    expect(line?.length).toBeLessThan(20_000);
    expect(line).not.toContain(MARKER);
    const logged = JSON.parse(line ?? '{}') as { err?: { message?: string; cause?: { message?: string } } };
    expect(logged.err?.message).toMatch(
      /^Failed query: select \$1::int as n, \$2::text as t\nparams: \[not logged]$/,
    );
    expect(logged.err?.cause?.message).toContain('invalid input syntax for type integer');
    expect(Math.max(...logLines.map((entry) => entry.length))).toBeLessThan(20_000);
  });
});
