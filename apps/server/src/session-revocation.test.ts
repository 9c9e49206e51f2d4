// Logout revokes the JWTs already issued: a token minted before its session ended is refused by the API
// within a few seconds (each API process refreshes its list of ended sessions every 2 s), by every API
// process on the database, while the tokens of the sessions that go on keep working.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInBrowser, type IdentityTestServer } from '@stackyard/identity/testing';
import { startApiProcesses, type ApiProcesses } from '@stackyard/testing/api-processes';

// Two API processes' worth of app on the one database, as behind a load balancer.
let processes: ApiProcesses;
let identity: IdentityTestServer;
let apps: FastifyInstance[];

beforeAll(async () => {
  processes = await startApiProcesses(2);
  ({ identity, apps } = processes);
});

afterAll(() => processes.close());

const PASSWORD = 'a long enough password 7';

const device = (email: string) => signInBrowser(identity, email, PASSWORD);

async function statuses(jwt: string): Promise<number[]> {
  return Promise.all(
    apps.map(
      async (app) =>
        (await app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${jwt}` } }))
          .statusCode,
    ),
  );
}

/** Waits until every API process refuses the token: each refreshes its revocations every 2 s; a loaded machine may
 * be late by a few seconds, but never by 10. */
async function refusedEverywhere(jwt: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    if ((await statuses(jwt)).every((status) => status === 401)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the token still works 10 s after its session ended: ${(await statuses(jwt)).join(', ')}`);
}

describe('tokens of an ended session', () => {
  it('are refused within a few seconds of logout; other sessions keep working', async () => {
    await createUser(identity, 'leaving@example.com', PASSWORD);
    const laptop = await device('leaving@example.com');
    const phone = await device('leaving@example.com');
    expect(await statuses(laptop.jwt)).toEqual([200, 200]);

    const { logout_token } = await laptop.api.createBrowserLogoutFlow();
    await laptop.api.updateLogoutFlow({ token: logout_token });
    await refusedEverywhere(laptop.jwt);
    expect(await statuses(phone.jwt)).toEqual([200, 200]);
  });

  it('are refused within a few seconds of "Sign Out All Devices", except the device that asked', async () => {
    await createUser(identity, 'everywhere@example.com', PASSWORD);
    const laptop = await device('everywhere@example.com');
    const phone = await device('everywhere@example.com');
    const tablet = await device('everywhere@example.com');

    expect(await laptop.api.disableMyOtherSessions()).toEqual({ count: 2 });
    await refusedEverywhere(phone.jwt);
    expect(await statuses(tablet.jwt)).toEqual([401, 401]);
    expect(await statuses(laptop.jwt)).toEqual([200, 200]);
  });
});
