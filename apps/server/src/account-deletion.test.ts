// Deleting an account removes the identity too (the identity service shares the database): the deleted
// user's JWTs stop working on every API process, their sign-in sessions end, and they cannot sign in again.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identities, identitySessions, identityVerifiableAddresses } from '@stackyard/db/schema';
import { createUser, csrfOf, failure, frontendApi, signInBrowser } from '@stackyard/identity/testing';
import { apiProcessesTest, type ApiProcesses } from '@stackyard/testing/api-processes';

// Two API processes on the one database: the one that deletes, and another behind the same load balancer.
const test = apiProcessesTest(2);

const PASSWORD = 'a long enough password 7';

function call(
  app: FastifyInstance | undefined,
  jwt: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  if (!app) throw new Error('no app');
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${jwt}` },
    ...(payload ? { payload } : {}),
  });
}

async function statuses(apps: FastifyInstance[], jwt: string): Promise<number[]> {
  return Promise.all(apps.map(async (app) => (await call(app, jwt, 'GET', '/workspaces')).statusCode));
}

describe('deleting an account', () => {
  test('ends its sessions and tokens on every API process, and the user cannot sign in again', async ({
    db,
    identity,
    apps,
  }) => {
    const identityId = await createUser(identity, 'leaving-for-good@example.com', PASSWORD);
    const laptop = await signInBrowser(identity, 'leaving-for-good@example.com', PASSWORD);
    const phone = await signInBrowser(identity, 'leaving-for-good@example.com', PASSWORD);
    expect(
      (await call(apps[0], laptop.jwt, 'POST', '/profile/username', { username: 'leaving' })).statusCode,
    ).toBe(200);
    expect(await statuses(apps, phone.jwt)).toEqual([200, 200]);

    const preview = await call(apps[0], laptop.jwt, 'GET', '/me/deletion');
    expect(preview.json()).toMatchObject({ confirmation: 'leaving' });
    const deleted = await call(apps[0], laptop.jwt, 'DELETE', '/me', { confirmation: 'leaving' });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // The process that deleted refuses at once; the other one within its revocation refresh (2 s;
    // a loaded machine may be late by a few seconds).
    expect((await call(apps[0], laptop.jwt, 'GET', '/workspaces')).statusCode).toBe(401);
    const started = performance.now();
    while ((await statuses(apps, phone.jwt)).some((status) => status !== 401)) {
      expect(performance.now() - started).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(await db.db.select().from(identities).where(eq(identities.id, identityId))).toEqual([]);
    expect(
      await db.db.select().from(identitySessions).where(eq(identitySessions.identityId, identityId)),
    ).toEqual([]);
    expect((await failure(phone.api.toSession())).status).toBe(401);

    const browser = frontendApi(identity.basePath);
    const flow = await browser.api.createBrowserLoginFlow();
    const login = await failure(
      browser.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'leaving-for-good@example.com',
          password: PASSWORD,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(login.status).toBe(400);
    expect(JSON.stringify(login.body)).toContain('4000006');
  });

  test('leaves no row anywhere holding the e-mail: sign-up verification, recovery and login attempts included', async ({
    db,
    identity,
    apps,
  }) => {
    const email = 'gone-entirely@example.com';
    const browser = frontendApi(identity.basePath);
    const registration = await browser.api.createBrowserRegistrationFlow();
    await browser.api.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: {
        method: 'password',
        traits: { email },
        password: PASSWORD,
        csrf_token: csrfOf(registration),
      },
    });
    // The address confirmed elsewhere (the link on another device): the sign-up verification flow and its
    // code stay as they were.
    await db.db
      .update(identityVerifiableAddresses)
      .set({ verified: true, status: 'completed' })
      .where(eq(identityVerifiableAddresses.value, email));
    // A recovery asked for in other letters, and a wrong password: each keeps the address somewhere.
    const recovery = await browser.api.createBrowserRecoveryFlow();
    await browser.api.updateRecoveryFlow({
      flow: recovery.id,
      updateRecoveryFlowBody: {
        method: 'code',
        email: 'Gone-Entirely@Example.com',
        csrf_token: csrfOf(recovery),
      },
    });
    const login = await browser.api.createBrowserLoginFlow();
    await failure(
      browser.api.updateLoginFlow({
        flow: login.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: email,
          password: 'wrong',
          csrf_token: csrfOf(login),
        },
      }),
    );
    const signedIn = await signInBrowser(identity, email, PASSWORD);
    expect((await rowsHolding(db, email)).length).toBeGreaterThanOrEqual(5);

    const deleted = await call(apps[0], signedIn.jwt, 'DELETE', '/me', { confirmation: email });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await rowsHolding(db, email)).toEqual([]);
  });
});

/** `table: count` for every table with a row whose text (any column, any case) contains the value. */
async function rowsHolding(db: ApiProcesses['db'], value: string): Promise<string[]> {
  const tables = (await db.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `)) as { rows: Array<{ table_name: string }> };
  const found: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const result = (await db.db.execute(sql`
      select count(*)::int as n from ${sql.identifier(table)} as t where strpos(lower(t::text), ${value}) > 0
    `)) as { rows: Array<{ n: number }> };
    const count = result.rows[0]?.n ?? 0;
    if (count > 0) found.push(`${table}: ${count}`);
  }
  return found;
}
