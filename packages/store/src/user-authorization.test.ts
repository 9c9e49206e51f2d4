import { describe, expect, it } from 'vitest';
import { createGithubClient } from './github-client.ts';
import { INSTALLATION_ID, fakeSetupPerTest, type FakeSetup } from './testing/fake-github-setup.ts';
import { AUTHORIZATION_EXPIRED } from './user-authorization.ts';

// The installation callback's code against the fake GitHub over real HTTP: exchanged once for a user token,
// which must list the installation, and is revoked afterwards.

const EXCHANGE = /^\/login\/oauth\/access_token$/;
const USER_INSTALLATIONS = /^\/user\/installations$/;

const startSetup = fakeSetupPerTest();

async function start(): Promise<FakeSetup> {
  const setup = await startSetup();
  setup.fake.addUser('octo', [INSTALLATION_ID]);
  setup.fake.addInstallation(20, 'mallory-org', []);
  setup.fake.addUser('mallory', [20]);
  return setup;
}

describe('verifyInstallationAccess', () => {
  it('accepts an installation the user may access, and revokes the user token at once', async () => {
    const { fake, client } = await start();
    const code = fake.authorizationCode('octo');
    expect(await client.verifyInstallationAccess(code, INSTALLATION_ID)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(fake.count('GET', USER_INSTALLATIONS)).toBe(1);
    expect(fake.count('DELETE', /^\/applications\/[^/]+\/token$/)).toBe(1);
    expect(fake.activeUserTokens()).toBe(0);
  });

  it('refuses an installation of someone else, and a code used twice', async () => {
    const { fake, client } = await start();
    const code = fake.authorizationCode('mallory');
    const refused = await client.verifyInstallationAccess(code, INSTALLATION_ID);
    expect(refused).toMatchObject({
      ok: false,
      failure: { code: 'installation_not_accessible', retryable: false, status: 403 },
    });
    if (refused.ok) return;
    expect(refused.failure.message).toContain(`installation ${INSTALLATION_ID}`);

    const again = await client.verifyInstallationAccess(code, 20);
    expect(again).toMatchObject({
      ok: false,
      failure: { code: 'authorization_invalid', message: AUTHORIZATION_EXPIRED, retryable: false },
    });
    const unknown = await client.verifyInstallationAccess('0123456789abcdef0123', 20);
    expect(unknown).toMatchObject({ ok: false, failure: { code: 'authorization_invalid' } });
    if (unknown.ok) return;
    expect(unknown.failure.detail).toContain('bad_verification_code');
  });

  it('finds the installation on a later page of the user’s installations', async () => {
    const { fake, client } = await start();
    const ids = Array.from({ length: 150 }, (_, index) => 1000 + index);
    for (const id of ids) fake.addInstallation(id, `org-${id}`, []);
    fake.addUser('busy', ids);
    expect((await client.verifyInstallationAccess(fake.authorizationCode('busy'), 1149)).ok).toBe(true);
    expect(fake.count('GET', USER_INSTALLATIONS)).toBe(2);
    expect((await client.verifyInstallationAccess(fake.authorizationCode('busy'), 7)).ok).toBe(false);
  });

  it('names the client variables when GitHub refuses the client secret, without echoing it', async () => {
    const { fake } = await start();
    const secret = 'f'.repeat(40);
    const client = createGithubClient({
      appId: fake.app.appId,
      privateKey: fake.app.privateKey,
      apiBaseUrl: fake.url,
      webBaseUrl: fake.url,
      clientId: fake.app.clientId,
      clientSecret: secret,
    });
    const result = await client.verifyInstallationAccess(fake.authorizationCode('octo'), INSTALLATION_ID);
    expect(result).toMatchObject({ ok: false, failure: { code: 'app_credentials_invalid' } });
    if (result.ok) return;
    expect(result.failure.message).toContain('GITHUB_APP_CLIENT_ID and GITHUB_APP_CLIENT_SECRET');
    expect(JSON.stringify(result.failure)).not.toContain(secret);
  });

  it('makes GitHub server errors and an unreachable GitHub retryable', async () => {
    const { fake, client } = await start();
    fake.failNext({ method: 'POST', path: EXCHANGE, status: 502, message: 'Bad gateway' });
    expect(
      await client.verifyInstallationAccess(fake.authorizationCode('octo'), INSTALLATION_ID),
    ).toMatchObject({ ok: false, failure: { code: 'server_error', retryable: true } });
    fake.failNext({ method: 'GET', path: USER_INSTALLATIONS, status: 500, message: 'boom' });
    expect(
      await client.verifyInstallationAccess(fake.authorizationCode('octo'), INSTALLATION_ID),
    ).toMatchObject({ ok: false, failure: { code: 'server_error', retryable: true } });
    // The token of the failed listing is revoked all the same.
    expect(fake.activeUserTokens()).toBe(0);

    const code = fake.authorizationCode('octo');
    await fake.close();
    expect(await client.verifyInstallationAccess(code, INSTALLATION_ID)).toMatchObject({
      ok: false,
      failure: { code: 'network', retryable: true },
    });
  });
});
