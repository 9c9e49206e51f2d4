import { describe, expect, it } from 'vitest';
import { createGithubClient } from './github-client.ts';
import { createFakeGithubApp, SECONDARY_RATE_LIMIT_MESSAGE } from './testing/fake-github.ts';
import { INSTALLATION_ID, fakeSetupPerTest, startFakeSetup } from './testing/fake-github-setup.ts';

const TOKENS = /^\/app\/installations\/\d+\/access_tokens$/;
const REPO = /^\/repos\/acme\/stack$/;

const start = fakeSetupPerTest();

describe('listInstallationRepositories', () => {
  it('lists every repository the installation reaches, across pages', async () => {
    const { fake, client } = await start();
    const names = Array.from({ length: 120 }, (_, index) => `acme/repo-${String(index).padStart(3, '0')}`);
    for (const name of names) fake.addRepository(name);
    fake.addRepository('other/hidden');
    fake.addInstallation(INSTALLATION_ID, 'acme', ['acme/stack', ...names]);

    const result = await client.listInstallationRepositories(INSTALLATION_ID);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toHaveLength(121);
    expect(result.value[0]).toEqual({
      owner: 'acme',
      name: 'repo-000',
      full_name: 'acme/repo-000',
      private: true,
      archived: false,
      default_branch: 'main',
      html_url: `${fake.url}/acme/repo-000`,
    });
    expect(result.value.map((repository) => repository.full_name)).not.toContain('other/hidden');
    expect(fake.count('GET', /^\/installation\/repositories$/)).toBe(2);
  });

  it('reports an installation that was removed', async () => {
    const { client } = await start();
    const result = await client.listInstallationRepositories(999);
    expect(result).toMatchObject({
      ok: false,
      failure: { code: 'installation_invalid', retryable: false, status: 404 },
    });
  });
});

describe('installation tokens', () => {
  it('signs a JWT the fake verifies with the public key, and reuses the token', async () => {
    const { fake, client, target } = await start();
    await client.checkRepository(target);
    await client.checkRepository(target);
    await client.listInstallationRepositories(INSTALLATION_ID);
    expect(fake.count('POST', TOKENS)).toBe(1);
    expect(fake.count('GET', REPO)).toBe(2);
  });

  it('shares one token request between concurrent calls', async () => {
    const { fake, client, target } = await start();
    await Promise.all([
      client.checkRepository(target),
      client.checkRepository(target),
      client.checkRepository(target),
    ]);
    expect(fake.count('POST', TOKENS)).toBe(1);
  });

  it('asks for a new token when the cached one is about to expire', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const { fake, client, target } = await start({ client: { now: () => now } });
    await client.checkRepository(target);
    now += 56 * 60_000; // the fake issues hour-long tokens; within five minutes of the end we replace it
    await client.checkRepository(target);
    expect(fake.count('POST', TOKENS)).toBe(2);
  });

  it('replaces a token GitHub no longer accepts and repeats the request once', async () => {
    const { fake, client, target } = await start();
    expect((await client.checkRepository(target)).accessible).toBe(true);
    fake.expireTokens();
    const check = await client.checkRepository(target);
    expect(check.accessible).toBe(true);
    expect(fake.count('POST', TOKENS)).toBe(2);
    expect(
      fake.requests.filter((request) => REPO.test(request.path)).map((request) => request.status),
    ).toEqual([200, 401, 200]);
  });

  it('reports an installation whose fresh token is refused too', async () => {
    const { fake, client, target } = await start();
    fake.failNext({ path: REPO, status: 401, message: 'Bad credentials', times: 2 });
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({
      accessible: false,
      failure: { code: 'installation_invalid', retryable: false },
    });
    expect(check.message).toMatch(/Install the app again/);
  });

  it('reports app credentials GitHub refuses', async () => {
    const { fake, target } = await start();
    const wrongKey = createFakeGithubApp().privateKey;
    const client = createGithubClient({ appId: fake.app.appId, privateKey: wrongKey, apiBaseUrl: fake.url });
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({
      accessible: false,
      repository_url: null,
      failure: { code: 'app_credentials_invalid' },
    });
    expect(check.message).toMatch(/GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY/);
  });
});

describe('checkRepository', () => {
  it('answers accessible with the repository URL', async () => {
    const { fake, client, target } = await start();
    expect(await client.checkRepository(target)).toEqual({
      accessible: true,
      repository_url: `${fake.url}/acme/stack`,
      message: 'stackyard can reach acme/stack.',
    });
  });

  it('explains a repository that does not exist or is outside the installation', async () => {
    const { fake, client, target } = await start();
    fake.addRepository('acme/private');
    for (const name of ['missing', 'private']) {
      const check = await client.checkRepository({ ...target, name });
      expect(check).toMatchObject({
        accessible: false,
        repository_url: null,
        failure: { code: 'repository_not_found' },
      });
      expect(check.message).toBe(
        `The repository acme/${name} was not found, or the GitHub App installation cannot reach it. Check the owner and name, and that the app was given access to it.`,
      );
    }
  });

  it('explains a 403 without access', async () => {
    const { fake, client, target } = await start();
    fake.failNext({ path: REPO, status: 403, message: 'Resource not accessible by integration' });
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({
      accessible: false,
      failure: { code: 'forbidden', retryable: false, detail: 'Resource not accessible by integration' },
    });
    expect(check.message).toMatch(/not allowed to access the repository acme\/stack/);
  });

  it('explains a suspended installation, before and after a token was issued', async () => {
    const { fake, client, target } = await start();
    fake.addInstallation(INSTALLATION_ID, 'acme', ['acme/stack']).suspended = true;
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({
      accessible: false,
      failure: { code: 'installation_suspended', status: 403 },
    });
    expect(check.message).toMatch(/suspended/);
    expect(fake.count('POST', TOKENS)).toBe(1);

    const { fake: other, client: otherClient, target: otherTarget } = await startFakeSetup();
    try {
      expect((await otherClient.checkRepository(otherTarget)).accessible).toBe(true);
      other.addInstallation(INSTALLATION_ID, 'acme', ['acme/stack']).suspended = true;
      const later = await otherClient.checkRepository(otherTarget);
      expect(later).toMatchObject({ accessible: false, failure: { code: 'installation_suspended' } });
      expect(other.count('GET', REPO)).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('refuses an installation that may read but not write contents', async () => {
    const { fake, client, target } = await start();
    fake.addInstallation(INSTALLATION_ID, 'acme', ['acme/stack']).permissions = {
      contents: 'read',
      metadata: 'read',
    };
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({
      accessible: false,
      repository_url: `${fake.url}/acme/stack`,
      failure: { code: 'forbidden', retryable: false },
    });
    expect(check.message).toMatch(/read and write access to repository contents/);
  });

  it('refuses an archived repository', async () => {
    const { fake, client, target } = await start();
    fake.repository('acme/stack').archived = true;
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({ accessible: false, failure: { code: 'repository_archived' } });
    expect(check.message).toMatch(/archived/);
  });

  it('returns rate limits and server errors as retryable, with GitHub’s delay', async () => {
    const { fake, client, target } = await start();
    await client.checkRepository(target);
    fake.failNext({
      path: REPO,
      status: 403,
      message: SECONDARY_RATE_LIMIT_MESSAGE,
      headers: { 'retry-after': '30' },
    });
    expect((await client.checkRepository(target)).failure).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 30_000,
    });
    fake.failNext({ path: REPO, status: 403, message: SECONDARY_RATE_LIMIT_MESSAGE });
    expect((await client.checkRepository(target)).failure).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 60_000,
    });
    const reset = Math.floor(Date.now() / 1000) + 120;
    fake.failNext({
      path: REPO,
      status: 403,
      message: 'API rate limit exceeded for installation ID 7.',
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    const primary = (await client.checkRepository(target)).failure;
    expect(primary).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(primary?.retryAfterMs).toBeGreaterThan(100_000);
    expect(primary?.retryAfterMs).toBeLessThanOrEqual(120_000);
    fake.failNext({ path: REPO, status: 502, message: 'Server Error' });
    expect((await client.checkRepository(target)).failure).toMatchObject({
      code: 'server_error',
      retryable: true,
      status: 502,
    });
  });

  it('returns an unreachable GitHub as a retryable network failure', async () => {
    const { fake, target } = await start();
    const url = fake.url;
    await fake.close();
    const client = createGithubClient({
      appId: '1',
      privateKey: createFakeGithubApp().privateKey,
      apiBaseUrl: url,
    });
    const check = await client.checkRepository(target);
    expect(check).toMatchObject({ accessible: false, failure: { code: 'network', retryable: true } });
  });
});
