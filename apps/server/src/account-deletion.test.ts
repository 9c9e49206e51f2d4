// Deleting an account removes the identity too (the identity service shares the database): the deleted
// user's JWTs stop working on every API process, their sign-in sessions end, and they cannot sign in again.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, identitySessions } from '@stackyard/db/schema';
import {
  createUser,
  csrfOf,
  failure,
  frontendApi,
  signInBrowser,
  type IdentityTestServer,
} from '@stackyard/identity/testing';
import { startApiProcesses, type ApiProcesses } from '@stackyard/testing/api-processes';

// Two API processes on the one database: the one that deletes, and another behind the same load balancer.
let processes: ApiProcesses;
let db: ApiProcesses['db'];
let identity: IdentityTestServer;
let apps: FastifyInstance[];

beforeAll(async () => {
  processes = await startApiProcesses(2);
  ({ db, identity, apps } = processes);
});

afterAll(() => processes.close());

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

async function statuses(jwt: string): Promise<number[]> {
  return Promise.all(apps.map(async (app) => (await call(app, jwt, 'GET', '/workspaces')).statusCode));
}

describe('deleting an account', () => {
  it('ends its sessions and tokens on every API process, and the user cannot sign in again', async () => {
    const identityId = await createUser(identity, 'leaving-for-good@example.com', PASSWORD);
    const laptop = await signInBrowser(identity, 'leaving-for-good@example.com', PASSWORD);
    const phone = await signInBrowser(identity, 'leaving-for-good@example.com', PASSWORD);
    expect(
      (await call(apps[0], laptop.jwt, 'POST', '/profile/username', { username: 'leaving' })).statusCode,
    ).toBe(200);
    expect(await statuses(phone.jwt)).toEqual([200, 200]);

    const preview = await call(apps[0], laptop.jwt, 'GET', '/me/deletion');
    expect(preview.json()).toMatchObject({ confirmation: 'leaving' });
    const deleted = await call(apps[0], laptop.jwt, 'DELETE', '/me', { confirmation: 'leaving' });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // The process that deleted refuses at once; the other one within its revocation refresh (2 s).
    expect((await call(apps[0], laptop.jwt, 'GET', '/workspaces')).statusCode).toBe(401);
    const started = performance.now();
    while ((await statuses(phone.jwt)).some((status) => status !== 401)) {
      expect(performance.now() - started).toBeLessThan(6000);
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
});
