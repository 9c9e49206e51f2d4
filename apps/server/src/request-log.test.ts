import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb } from '@stackyard/db/testing';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { redactUrl } from './plugins/request-log.ts';
import { tempDir } from '@stackyard/testing/processes';

// GitHub's one-time codes arrive in page URLs (the installation callback, the OIDC callback): the request log
// keeps the URL but never the code. A failed query's error holds every bind parameter (a bookmark import
// batch put megabytes of titles on one line): logged errors are bounded and leave the values out.

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
  // A route only this file has: a statement the database refuses, with a 5 MB value bound beside the bad one.
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

describe('request log', () => {
  it('logs the installation callback without the code GitHub sent', async () => {
    const code = 'f00dfacecafe1234beef';
    const url = `/callback/workspace_github_storage_update?installation_id=7&setup_action=install&code=${code}&state=%7B%7D`;
    expect((await app.inject(url)).statusCode).toBe(200);
    const lines = logLines.filter((line) => line.includes('/callback/workspace_github_storage_update'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(code);
    const logged = JSON.parse(lines[0] ?? '{}') as { req?: { method?: string; url?: string } };
    expect(logged.req).toMatchObject({
      method: 'GET',
      url: '/callback/workspace_github_storage_update?installation_id=7&setup_action=install&code=[REDACTED]&state=%7B%7D',
    });
  });

  it('blanks every credential parameter and leaves the rest as sent', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?x=1&Code=2&access_token=3&flag&client_secret=4&y=')).toBe(
      '/a?x=1&Code=[REDACTED]&access_token=[REDACTED]&flag&client_secret=[REDACTED]&y=',
    );
    expect(redactUrl('/a?%63ode=secret&%zz=1')).toBe('/a?%63ode=[REDACTED]&%zz=1');
  });
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
