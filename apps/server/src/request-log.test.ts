import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { appTest } from '@stackyard/testing/app-fixtures';
import { redactSecrets } from './plugins/request-log.ts';
import { identityVerifiableAddresses } from '@stackyard/db/schema';
import { createIdentity } from '@stackyard/identity/identities';

// GitHub's one-time codes arrive in page URLs (the installation callback, the OIDC callback): the request log
// keeps the URL but never the code. A failed query's error holds every bind parameter (a bookmark import
// batch put megabytes of titles on one line): logged errors are bounded and leave the values out.

const MARKER = 'member-title-';
const huge = MARKER + 'x'.repeat(5 * 1024 * 1024);
const MEMBER_EMAIL = 'alice.member@example.com';
const TOKEN = 'sy_pat_Q2xlYXJseVNlY3JldFRva2VuVmFsdWU';
const OAUTH_STATE = 'st4te-0f-the-0auth-flow';
const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

const test = appTest({
  web: { 'index.html': '<!doctype html><div id="root"></div>' },
  async routes(app, db) {
    // A route only this file has: a statement the database refuses, with a 5 MB value bound beside the bad one.
    app.get('/api/v1/test/failing-query', async () => {
      await db.db.execute(sql`select ${'not a number'}::int as n, ${huge}::text as t`);
      return {};
    });
    // A query refused by a unique constraint whose detail names a member's e-mail address.
    const identityId = (await createIdentity(db.db, { email: MEMBER_EMAIL, verified: true })).id;
    app.get('/api/v1/test/constraint-violation', async () => {
      await db.db.insert(identityVerifiableAddresses).values({ identityId, value: MEMBER_EMAIL });
      return {};
    });
    // An error whose message names the URL it failed on, as a failed fetch's does.
    app.get('/api/v1/test/failing-fetch', async () => {
      throw new Error(`fetch https://example.com/hook?state=${OAUTH_STATE}&page=2 failed: ${TOKEN}`);
    });
  },
});

describe('request log', () => {
  test('logs the installation callback without the code GitHub sent', async ({ app, logLines }) => {
    const code = 'f00dfacecafe1234beef';
    const url = `/callback/workspace_github_storage_update?installation_id=7&setup_action=install&code=${code}&state=%7B%7D`;
    expect((await app.inject(url)).statusCode).toBe(200);
    const lines = logLines.filter((line) => line.includes('/callback/workspace_github_storage_update'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(code);
    const logged = JSON.parse(lines[0] ?? '{}') as { req?: { method?: string; url?: string } };
    expect(logged.req).toMatchObject({
      method: 'GET',
      url: '/callback/workspace_github_storage_update?installation_id=7&setup_action=install&code=[REDACTED]&state=[REDACTED]',
    });
  });

  test('blanks every credential parameter and leaves the rest as sent', () => {
    expect(redactSecrets('/a')).toBe('/a');
    expect(redactSecrets('/a?x=1&Code=2&access_token=3&flag&client_secret=4&y=')).toBe(
      '/a?x=1&Code=[REDACTED]&access_token=[REDACTED]&flag&client_secret=[REDACTED]&y=',
    );
    expect(redactSecrets('/a?%63ode=secret&%zz=1')).toBe('/a?%63ode=[REDACTED]&%zz=1');
    expect(redactSecrets(`/a/${TOKEN}/b?x=Bearer%20abc.def&api_key=k&monkey=m&q=sy`)).toBe(
      '/a/sy_pat_[REDACTED]/b?x=Bearer%20[REDACTED]&api_key=[REDACTED]&monkey=[REDACTED]&q=sy',
    );
    expect(redactSecrets(`token ${JWT} sent as Basic dXNlcjpwYXNz`)).toBe(
      'token [REDACTED] sent as Basic [REDACTED]',
    );
  });

  test('never writes a personal access token, a JWT or an OAuth state sent in a URL', async ({
    app,
    logLines,
  }) => {
    const before = logLines.length;
    const calls = [
      `/api/v1/workspaces?token=${TOKEN}`,
      `/api/v1/no-such-route/${TOKEN}?access_token=${JWT}`,
      `/.ory/sessions/whoami?session_token=${TOKEN}`,
      `/.ory/self-service/methods/oidc/callback/github?code=abc&state=${OAUTH_STATE}`,
      `/api/v1/test/failing-fetch`,
    ];
    for (const url of calls) await app.inject(url);
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('/api/v1/workspaces?token=[REDACTED]');
    expect(written).toContain('state=[REDACTED]');
    expect(written).toContain(
      'fetch https://example.com/hook?state=[REDACTED]&page=2 failed: sy_pat_[REDACTED]',
    );
    for (const secret of [TOKEN, JWT, OAUTH_STATE, TOKEN.slice('sy_pat_'.length)]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe('error log', () => {
  test('logs a failed query in a bounded line, with its statement and cause but not its values', async ({
    app,
    logLines,
  }) => {
    const before = logLines.length;
    expect((await app.inject('/api/v1/test/failing-query')).statusCode).toBe(500);
    const [line, ...more] = logLines.slice(before).filter((entry) => entry.includes('"request failed"'));
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

  test('logs a constraint violation by its code, constraint and table, never the e-mail in its detail', async ({
    app,
    logLines,
  }) => {
    const before = logLines.length;
    expect((await app.inject('/api/v1/test/constraint-violation')).statusCode).toBe(500);
    const lines = logLines.slice(before).filter((entry) => entry.includes('"request failed"'));
    expect(lines.length).toBe(1);
    const [line = ''] = lines;
    expect(line).not.toContain('alice');
    expect(line).not.toContain('example.com');
    const logged = JSON.parse(line) as { err?: { cause?: Record<string, unknown> } };
    expect(logged.err?.cause).toMatchObject({
      code: '23505',
      constraint: 'identity_verifiable_addresses_value_key',
      table: 'identity_verifiable_addresses',
      message: 'duplicate key value violates unique constraint "identity_verifiable_addresses_value_key"',
    });
    expect(logged.err?.cause).not.toHaveProperty('detail');
  });
});
