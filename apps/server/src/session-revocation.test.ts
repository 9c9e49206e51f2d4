// Logout revokes the JWTs already issued: a token minted before its session ended is refused by the API
// within a few seconds (each API process refreshes its list of ended sessions every 2 s), by every API
// process on the database, while the tokens of the sessions that go on keep working.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { createUser, signInBrowser, type IdentityTestServer } from '@stackyard/identity/testing';
import { apiProcessesTest } from '@stackyard/testing/api-processes';

// Two API processes' worth of app on the one database, as behind a load balancer.
const test = apiProcessesTest(2);

const PASSWORD = 'a long enough password 7';

const device = (identity: IdentityTestServer, email: string) => signInBrowser(identity, email, PASSWORD);

async function statuses(apps: FastifyInstance[], jwt: string): Promise<number[]> {
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
async function refusedEverywhere(apps: FastifyInstance[], jwt: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    if ((await statuses(apps, jwt)).every((status) => status === 401)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the token still works 10 s after its session ended: ${(await statuses(apps, jwt)).join(', ')}`,
  );
}

describe('tokens of an ended session', () => {
  test('are refused within a few seconds of logout; other sessions keep working', async ({
    identity,
    apps,
  }) => {
    await createUser(identity, 'leaving@example.com', PASSWORD);
    const laptop = await device(identity, 'leaving@example.com');
    const phone = await device(identity, 'leaving@example.com');
    expect(await statuses(apps, laptop.jwt)).toEqual([200, 200]);

    const { logout_token } = await laptop.api.createBrowserLogoutFlow();
    await laptop.api.updateLogoutFlow({ token: logout_token });
    await refusedEverywhere(apps, laptop.jwt);
    expect(await statuses(apps, phone.jwt)).toEqual([200, 200]);
  });

  test('are refused within a few seconds of "Sign Out All Devices", except the device that asked', async ({
    identity,
    apps,
  }) => {
    await createUser(identity, 'everywhere@example.com', PASSWORD);
    const laptop = await device(identity, 'everywhere@example.com');
    const phone = await device(identity, 'everywhere@example.com');
    const tablet = await device(identity, 'everywhere@example.com');

    expect(await laptop.api.disableMyOtherSessions()).toEqual({ count: 2 });
    await refusedEverywhere(apps, phone.jwt);
    expect(await statuses(apps, tablet.jwt)).toEqual([401, 401]);
    expect(await statuses(apps, laptop.jwt)).toEqual([200, 200]);
  });
});
