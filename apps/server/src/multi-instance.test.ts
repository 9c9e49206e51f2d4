// Several real processes on one PostgreSQL behind a round-robin proxy (packages/testing/src/deployment.ts): 2 `--role
// api`, 1 `--role identity` (a second one joins for the key, secret and rate-limit cases) and 2 `--role worker`.
// Nothing is shared in memory, so a session, the signing keys, the one-time code secret, the rate limits and
// the job queue must all agree through the database. PGlite cannot be opened by two processes, so without
// TEST_DATABASE_URL this file is skipped (the PostgreSQL pass of `npm test` runs it).
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createIdentity } from '@stackyard/identity/identities';
import { hashPassword } from '@stackyard/identity/passwords';
import { createCookieJar, csrfOf, failure, frontendApi } from '@stackyard/identity/testing';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { serverFixture } from '@stackyard/testing/api-fixtures';
import { dbTest, type TestDb } from '@stackyard/testing/db-fixtures';
import { callApi, signIn, startDeployment, type Deployment } from '@stackyard/testing/deployment';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.warn('multi-instance test skipped: several processes need PostgreSQL (set TEST_DATABASE_URL)');
}

const PASSWORD = 'a long enough password 13';
const PER_IDENTIFIER = 4;

// The deployment's processes start with the first test and are stopped after the last; the fixture server is
// the site its workers fetch submitted URLs from.
const test = dbTest()
  .extend('fixture', { scope: 'file' }, serverFixture(startFixtureServer))
  .extend('deployment', { scope: 'file' }, async ({ db }, { onCleanup }) => {
    if (!db.databaseUrl) throw new Error('TEST_DATABASE_URL gave no database');
    const deployment = await startDeployment({
      databaseUrl: db.databaseUrl,
      env: {
        LOG_LEVEL: 'info',
        INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
        IDENTITY_RATE_LIMIT_PER_IDENTIFIER: String(PER_IDENTIFIER),
      },
    });
    onCleanup(() => deployment.close());
    await deployment.add('identity', 'identity-2');
    return deployment;
  });

async function createUser(db: TestDb, email: string, verified = true): Promise<void> {
  const hashedPassword = await hashPassword(PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
  await createIdentity(db.db, { email, hashedPassword, verified });
}

const identityUrl = (deployment: Deployment, name: string) => {
  const instance = deployment.instances.find((candidate) => candidate.name === name);
  if (!instance) throw new Error(`no instance ${name}`);
  return `${instance.child.url}/.ory`;
};

// 90 s: the first test starts the deployment too.
describe.skipIf(!postgres)('several instances on one PostgreSQL', { timeout: 90_000 }, () => {
  test('a session made through the proxy works on every API instance, and their writes are one catalog', async ({
    db,
    deployment,
  }) => {
    await createUser(db, 'roaming@example.com');
    const jwt = await signIn(`${deployment.proxy.url}/.ory`, 'roaming@example.com', PASSWORD);
    const [first, second] = deployment.of('api').map((instance) => instance.child.url);
    if (!first || !second) throw new Error('two API instances expected');

    const created = await callApi(first, jwt, 'POST', '/workspaces', { name: 'Shared' });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const read = await callApi(second, jwt, 'GET', `/workspaces/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, name: 'Shared' });
  });

  test('every identity instance publishes the same signing keys; a token of either works on every API', async ({
    db,
    deployment,
  }) => {
    const jwks = await Promise.all(
      ['identity-1', 'identity-2'].map(async (name) =>
        (await fetch(`${identityUrl(deployment, name)}/.well-known/jwks.json`)).json(),
      ),
    );
    expect((jwks[0] as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    expect(jwks[1]).toEqual(jwks[0]);

    await createUser(db, 'keys@example.com');
    for (const name of ['identity-1', 'identity-2']) {
      const jwt = await signIn(identityUrl(deployment, name), 'keys@example.com', PASSWORD);
      for (const api of deployment.of('api')) {
        expect((await callApi(api.child.url, jwt, 'GET', '/profile')).status).toBe(200);
      }
    }
  });

  test('a verification code mailed by one identity instance is accepted by the other (one secret)', async ({
    db,
    deployment,
  }) => {
    await createUser(db, 'codes@example.com', false);
    const { api: first, jar } = frontendApi(identityUrl(deployment, 'identity-1'));
    const flow = await first.createBrowserVerificationFlow();
    await first.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'codes@example.com', csrf_token: csrfOf(flow) },
    });
    const [mail] = await db.rows<{ body_text: string }>(
      sql`select payload->>'text' as body_text from jobs where queue = 'mail' and payload->>'recipient' = 'codes@example.com'`,
    );
    const code = /^(\d{6})\s*$/m.exec(mail?.body_text ?? '')?.[1];
    if (!code) throw new Error('no code in the verification mail');

    const { api: second } = frontendApi(identityUrl(deployment, 'identity-2'), jar);
    const done = await second.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
    });
    expect(done.state).toBe('passed_challenge');
  });

  test('login failures count across identity instances: the limit holds whichever instance is asked', async ({
    db,
    deployment,
  }) => {
    await createUser(db, 'guessed@example.com');
    // One client (its address as the trusted proxy reports it) alternating between the two instances.
    const attempt = async (name: string, password: string) => {
      const jar = createCookieJar();
      const fromAttacker = {
        ...jar,
        fetch: (input: string | URL | Request, init: RequestInit = {}) => {
          const headers = new Headers(init.headers);
          headers.set('x-forwarded-for', '203.0.113.13');
          return jar.fetch(input, { ...init, headers });
        },
      };
      const { api } = frontendApi(identityUrl(deployment, name), fromAttacker);
      const flow = await api.createBrowserLoginFlow();
      const body = {
        method: 'password' as const,
        identifier: 'guessed@example.com',
        password,
        csrf_token: csrfOf(flow),
      };
      return failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body }));
    };
    for (let index = 0; index < PER_IDENTIFIER; index++) {
      const refused = await attempt(index % 2 ? 'identity-2' : 'identity-1', 'wrong password');
      expect(refused.status).toBe(400);
    }
    // Past the limit on either instance: 429 even for the right password from this client.
    expect((await attempt('identity-1', 'wrong password')).status).toBe(429);
    expect((await attempt('identity-2', PASSWORD)).status).toBe(429);
    const rows = await db.rows<{ count: number }>(
      sql`select count(*)::int as count from identity_rate_limits`,
    );
    expect(rows[0]?.count).toBeGreaterThan(0);
  });

  test('each submitted URL is fetched and completed exactly once by the two workers', async ({
    db,
    deployment,
    fixture,
  }) => {
    await createUser(db, 'submitter@example.com');
    const jwt = await signIn(`${deployment.proxy.url}/.ory`, 'submitter@example.com', PASSWORD);
    const workspace = await callApi(deployment.proxy.url, jwt, 'POST', '/workspaces', { name: 'Jobs' });
    const workspaceId = (workspace.body as { id: string }).id;
    const count = 24;
    const paths = Array.from({ length: count }, (_, index) => `/bare?n=${index}`);
    const ids = await Promise.all(
      paths.map(async (path) => {
        const submitted = await callApi(deployment.proxy.url, jwt, 'POST', '/ingestion/tools', {
          workspace_id: workspaceId,
          submitted_url: `${fixture.origin}${path}`,
        });
        expect(submitted.status).toBe(202);
        return (submitted.body as { id: string }).id;
      }),
    );

    const deadline = Date.now() + 45_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      const rows = await db.rows<{ status: string }>(
        sql`select status from ingestion_submissions where workspace_id = ${workspaceId}`,
      );
      statuses = rows.map((row) => row.status);
      if (statuses.length === count && statuses.every((status) => status === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(statuses).toEqual(Array.from({ length: count }, () => 'completed'));

    const fetched = fixture.requests().filter((path) => paths.includes(path));
    expect(fetched.sort()).toEqual([...paths].sort());
    // One claim per job, and each submission processed by exactly one worker process.
    const jobs = await db.rows<{ state: string; attempts: number }>(
      sql`select state, attempts from jobs where queue = 'ingestion'`,
    );
    expect(jobs.filter((job) => job.state === 'completed' && job.attempts === 1)).toHaveLength(count);
    const processed = deployment
      .of('worker')
      .flatMap((worker) =>
        [...worker.child.output().matchAll(/"submissionId":"([^"]+)".*ingestion submission processed/g)].map(
          (match) => match[1],
        ),
      );
    expect(processed.sort()).toEqual([...ids].sort());
  });
});
