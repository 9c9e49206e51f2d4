// The product API's and /mcp's rate limits over real HTTP: two API apps on one test database, each listening on
// its own port as two instances behind a load balancer would. Limits are set low so a test can cross them.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import { dbTest, type TestDb } from '@stackyard/testing/db-fixtures';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { FLUSH_MS } from './plugins/shared-counts.ts';

const PER_CALLER = 6;
const PER_IP = 100;

const test = dbTest()
  .extend('issuer', { scope: 'file' }, () => createTestIssuer())
  // Starts API instances on `db`, or the database given, taking the issuer's tokens: its URL. Each is closed
  // when the file's tests are done, unless a test closed it (popped it off `apps`) already.
  .extend('instances', { scope: 'file' }, ({ db, issuer }, { onCleanup }) => {
    const apps: FastifyInstance[] = [];
    onCleanup(async () => {
      for (const app of apps) await app.close();
    });
    const start = async (env: Record<string, string>, database: TestDb = db): Promise<string> => {
      const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', ROLE: 'api', ...env });
      const app = await buildApp(config, { db: database, verifier: issuer.verifier });
      apps.push(app);
      return app.listen({ host: '127.0.0.1', port: 0 });
    };
    return { apps, start };
  })
  // Two instances on `db` with the low limits.
  .extend('urls', { scope: 'file' }, async ({ instances }) => {
    const env = { API_RATE_LIMIT_PER_CALLER: String(PER_CALLER), API_RATE_LIMIT_PER_IP: String(PER_IP) };
    return [await instances.start(env), await instances.start(env)];
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createAccessToken(baseUrl: string, jwt: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/tokens`, {
    method: 'POST',
    headers: { ...bearer(jwt), 'content-type': 'application/json' },
    body: JSON.stringify({ name: `limits ${randomUUID()}`, scope: 'read' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

const workspaces = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/api/v1/workspaces`, { headers: bearer(token) });

describe('rate limits of the product API', () => {
  test('refuses a token over its limit with 429, Retry-After and a problem document; another token is unaffected', async ({
    issuer,
    urls,
  }) => {
    const base = urls[0] as string;
    const jwt = await issuer.sign(randomUUID());
    const [busy, quiet] = [await createAccessToken(base, jwt), await createAccessToken(base, jwt)];

    for (let sent = 0; sent < PER_CALLER; sent++) expect((await workspaces(base, busy)).status).toBe(200);
    const refused = await workspaces(base, busy);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: expect.stringMatching(
        /^Too many requests from this access token or account: at most 6 in 60 seconds\. Try again in \d+ seconds?\.$/,
      ),
    });

    expect((await workspaces(base, quiet)).status).toBe(200);
  });

  test('counts a signed-in user across their sessions', async ({ issuer, urls }) => {
    const base = urls[0] as string;
    const userId = randomUUID();
    for (let sent = 0; sent < PER_CALLER; sent++) {
      const jwt = await issuer.sign(userId, { sessionId: randomUUID() });
      expect((await workspaces(base, jwt)).status).toBe(200);
    }
    const another = await issuer.sign(userId, { sessionId: randomUUID() });
    expect((await workspaces(base, another)).status).toBe(429);
    expect((await workspaces(base, await issuer.sign(randomUUID()))).status).toBe(200);
  });

  test('counts each /mcp request against its token', async ({ issuer, urls }) => {
    const base = urls[0] as string;
    const token = await createAccessToken(base, await issuer.sign(randomUUID()));
    const call = () =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    for (let sent = 0; sent < PER_CALLER; sent++) expect((await call()).status).not.toBe(429);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  test('refuses a client address over its limit, whichever credential it sends', async ({
    issuer,
    instances,
  }) => {
    // A database of its own: on PostgreSQL this address's count in the other one is shared by the instances.
    const own = await createTestDb();
    const base = await instances.start(
      { API_RATE_LIMIT_PER_CALLER: '1000', API_RATE_LIMIT_PER_IP: '5' },
      own,
    );
    for (let sent = 0; sent < 5; sent++) {
      expect((await fetch(`${base}/api/v1/workspaces`)).status).toBe(401);
    }
    const refused = await workspaces(base, await issuer.sign(randomUUID()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The SPA, health checks and the identity service are not the API's to limit.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await instances.apps.pop()?.close();
    await own.close();
  });
});

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) {
  console.warn('shared rate limit test skipped: several instances share counts through PostgreSQL only');
}

describe.skipIf(!postgres)('rate limits across instances on one PostgreSQL', () => {
  test('two instances share one count', async ({ issuer, urls }) => {
    const [first, second] = urls as [string, string];
    const token = await createAccessToken(first, await issuer.sign(randomUUID()));
    for (let sent = 0; sent < PER_CALLER; sent++) {
      expect((await workspaces(sent % 2 === 0 ? first : second, token)).status).toBe(200);
    }
    expect((await workspaces(first, token)).status).toBe(429);
    expect((await workspaces(second, token)).status).toBe(429);
  });

  test("an instance's counts under half a limit reach the others within moments", async ({
    issuer,
    urls,
  }) => {
    const [first, second] = urls as [string, string];
    const token = await createAccessToken(first, await issuer.sign(randomUUID()));
    // A third of the limit: counted in the first instance's memory, then written with the next flush.
    for (let sent = 0; sent < 2; sent++) expect((await workspaces(first, token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 4));
    // The second instance reaches the limit after the 4 requests that were left, not 6.
    for (let sent = 0; sent < PER_CALLER - 2; sent++)
      expect((await workspaces(second, token)).status).toBe(200);
    expect((await workspaces(second, token)).status).toBe(429);
  });
});
