import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { storeStatusSchema } from '@stackyard/contracts/store';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { githubTest } from '@stackyard/testing/github-api';
import type { Harness } from '@stackyard/testing/harness';
import { AUTHORIZATION_REQUIRED } from './store.service.ts';

// Who may link a GitHub App installation. installation_id arrives in a URL anyone can write, so the
// server only saves one the user who came back from GitHub can access: the callback's one-time `code` is
// exchanged for a user token and GET /user/installations must list it. Afterwards the saved installation is
// the only one stackyard lists, checks, connects or writes through.

const ACME = 7;
const MALLORY = 20;

const test = githubTest((fake) => {
  fake.addRepository('acme/stack');
  fake.addRepository('mallory/own');
  fake.addInstallation(ACME, 'acme', ['acme/stack']);
  fake.addInstallation(MALLORY, 'mallory', ['mallory/own']);
  fake.addUser('octo', [ACME]);
  fake.addUser('mallory', [MALLORY]);
});

const install = (world: CatalogWorld) => `/workspaces/${world.workspaceId}/store/github/installation`;
const status = async (api: Harness, world: CatalogWorld) =>
  storeStatusSchema.parse(
    expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/store/status`), 200),
  );
const detail = (response: { json(): unknown }) => problemSchema.parse(response.json()).detail;

describe('saving an installation', () => {
  test('accepts one the returning GitHub user may access, and keeps no user token', async ({
    api,
    fake,
    world,
  }) => {
    const saved = expectStatus(
      await api
        .as(world.owner)
        .post(install(world), { installation_id: ACME, code: fake.authorizationCode('octo') }),
      200,
    );
    expect(saved).toEqual({
      success: true,
      installation_id: ACME,
      message: 'The GitHub App installation is saved. It can reach 1 repository.',
    });
    expect((await status(api, world))?.installation_id).toBe(ACME);
    expect(fake.activeUserTokens()).toBe(0);
  });

  test('refuses someone else’s installation with 403, and saves nothing', async ({ api, fake, world }) => {
    const code = fake.authorizationCode('mallory');
    const tokens = new RegExp(`^/app/installations/${ACME}/access_tokens$`);
    const minted = fake.count('POST', tokens);
    const refused = await api.as(world.owner).post(install(world), { installation_id: ACME, code });
    expect(refused.statusCode).toBe(403);
    expect(detail(refused)).toBe(
      `Your GitHub account cannot access the GitHub App installation ${ACME}, so it cannot be linked to this workspace. Install the app from the storage settings on an account or organization you manage.`,
    );
    expect(await status(api, world)).toBeNull();
    // stackyard never asked for a token of acme's installation on mallory's behalf.
    expect(fake.count('POST', tokens)).toBe(minted);
  });

  test('answers 422 without a code, and for a code GitHub does not take (used or unknown)', async ({
    api,
    fake,
    world,
  }) => {
    for (const body of [{ installation_id: ACME }, { installation_id: ACME, code: '  ' }]) {
      const missing = await api.as(world.owner).post(install(world), body);
      expect(missing.statusCode, JSON.stringify(body)).toBe(422);
      expect(detail(missing)).toBe(AUTHORIZATION_REQUIRED);
    }
    const code = fake.authorizationCode('octo');
    expectStatus(await api.as(world.owner).post(install(world), { installation_id: ACME, code }), 200);
    for (const reused of [code, 'a1b2c3d4e5f6a7b8c9d0']) {
      const refused = await api.as(world.owner).post(install(world), {
        installation_id: ACME,
        code: reused,
      });
      expect(refused.statusCode).toBe(422);
      expect(detail(refused)).toBe(
        'GitHub did not accept the authorization that came back with this installation: it has expired or was already used. Install the app again from the storage settings.',
      );
    }
    const bad = await api.as(world.owner).post(install(world), { installation_id: ACME, code: 'two words' });
    expect(bad.statusCode).toBe(400);
  });

  test('answers 503 when GitHub fails during the check, never a 500', async ({ api, fake, world }) => {
    fake.failNext({
      method: 'POST',
      path: /^\/login\/oauth\/access_token$/,
      status: 502,
      message: 'Bad gateway',
    });
    const exchange = await api
      .as(world.owner)
      .post(install(world), { installation_id: ACME, code: fake.authorizationCode('octo') });
    expect(exchange.statusCode).toBe(503);
    expect(detail(exchange)).toBe('GitHub had a temporary problem. Try again in a moment.');
    fake.failNext({ method: 'GET', path: /^\/user\/installations$/, status: 500, message: 'boom' });
    const listing = await api
      .as(world.owner)
      .post(install(world), { installation_id: ACME, code: fake.authorizationCode('octo') });
    expect(listing.statusCode).toBe(503);
    expect(await status(api, world)).toBeNull();
  });
});

describe('the saved installation is the only one used', () => {
  test('refuses to list, check or connect through another installation than the saved one', async ({
    api,
    fake,
    world,
  }) => {
    // Mallory owns a workspace with her own verified installation, and names acme's in her requests.
    const base = `/workspaces/${world.workspaceId}/store`;
    const acmeRepo = { repository_owner: 'acme', repository_name: 'stack', installation_id: ACME };
    const mallory = api.as(world.owner);

    // Nothing saved yet: nothing to list, check or connect through.
    for (const [method, path, body] of [
      ['get', '/github/repositories', undefined],
      ['post', '/github/check', acmeRepo],
      ['post', '/github/connect', acmeRepo],
    ] as const) {
      const none =
        method === 'get' ? await mallory.get(`${base}${path}`) : await mallory.post(`${base}${path}`, body);
      expect(none.statusCode, path).toBe(409);
      expect(detail(none)).toBe('Install the GitHub App for this workspace first.');
    }

    expectStatus(
      await mallory.post(`${base}/github/installation`, {
        installation_id: MALLORY,
        code: fake.authorizationCode('mallory'),
      }),
      200,
    );
    const listAcme = await mallory.get(`${base}/github/repositories?installation_id=${ACME}`);
    expect(listAcme.statusCode).toBe(403);
    expect(detail(listAcme)).toContain(`installation ${ACME} is not the one linked to this workspace`);
    for (const path of ['/github/check', '/github/connect']) {
      const refused = await mallory.post(`${base}${path}`, acmeRepo);
      expect(refused.statusCode, path).toBe(403);
      expect(detail(refused)).toContain(`installation ${ACME} is not the one linked to this workspace`);
    }
    // Her own installation cannot reach acme's repository either.
    const viaOwn = await mallory.post(`${base}/github/connect`, { ...acmeRepo, installation_id: MALLORY });
    expect(viaOwn.statusCode).toBe(422);
    expect((await status(api, world))?.repository_name).toBeNull();

    // Through her own installation, her own repository works.
    const own = { repository_owner: 'mallory', repository_name: 'own', installation_id: MALLORY };
    expect(expectStatus(await mallory.get(`${base}/github/repositories`), 200)).toMatchObject([
      { full_name: 'mallory/own' },
    ]);
    expectStatus(await mallory.post(`${base}/github/connect`, own), 200);
    expect(await status(api, world)).toMatchObject({ installation_id: MALLORY, repository_name: 'own' });
  });
});
