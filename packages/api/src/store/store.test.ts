import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import {
  installationRepositoryListSchema,
  storeHealthSchema,
  storeSetupSchema,
  storeStatusSchema,
  type StoreHealth,
} from '@stackyard/contracts/store';
import { SECONDARY_RATE_LIMIT_MESSAGE, type FakeGithub } from '@stackyard/store/testing/fake-github';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { connectStore, seedVitest } from '@stackyard/testing/store-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { githubTest } from '@stackyard/testing/github-api';
import { QUICK_STORE, type Harness, type TestUser } from '@stackyard/testing/harness';
import { waitFor } from '@stackyard/testing/wait-for';

// The repository store over HTTP against the local fake GitHub (real HTTP on 127.0.0.1): every call, who may
// make it, the continuous sync, and each GitHub failure followed by a sync that catches up.

const INSTALLATION = 7;
const SYNC_DELAY_MS = 150;

const test = githubTest(
  (fake) => {
    fake.addRepository('acme/stack');
    fake.addRepository('acme/hidden');
    fake.addRepository('acme/old', { archived: true, files: { 'README.md': 'old' } });
    fake.addInstallation(INSTALLATION, 'acme', ['acme/stack', 'acme/old']);
    fake.addInstallation(8, 'suspended-org', []).suspended = true;
    // The GitHub user who installs the app (store-installation.test.ts: who may not).
    fake.addUser('octo', [INSTALLATION, 8]);
  },
  { store: { ...QUICK_STORE, syncDelayMs: SYNC_DELAY_MS } },
)
  // The test's store world with one tool, the installation saved and acme/stack connected and populated.
  .extend('connected', async ({ api, fake }) => {
    const world = await storeWorld(api);
    const toolId = await seedVitest(api, world.workspaceId);
    await connectStore(api, world.admin, world.workspaceId, {
      installationId: INSTALLATION,
      repository: 'acme/stack',
      code: fake.authorizationCode('octo'),
    });
    return { ...world, toolId };
  });
// An API without a GitHub App.
const unconfiguredTest = apiTest();

interface StoreWorld extends CatalogWorld {
  admin: TestUser;
  outsider: TestUser;
}

let counter = 0;
async function storeWorld(harness: Harness): Promise<StoreWorld> {
  const world = await catalogWorld(harness);
  const tag = `s${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [admin, outsider] = await Promise.all([harness.user(`${tag}_admin`), harness.user(`${tag}_out`)]);
  expectStatus(
    await harness
      .as(world.owner)
      .post(`/workspaces/${world.workspaceId}/members`, { username: admin.username, role: 'admin' }),
    201,
  );
  return { ...world, admin, outsider };
}

const base = (world: { workspaceId: string }, prefix: 'store' | 'github' = 'store') =>
  `/workspaces/${world.workspaceId}/${prefix}`;
const repo = { repository_owner: 'acme', repository_name: 'stack', installation_id: INSTALLATION };
/** What the callback page posts after GitHub sent octo back with a fresh one-time code. */
const installation = (fake: FakeGithub, id = INSTALLATION) => ({
  installation_id: id,
  code: fake.authorizationCode('octo'),
});
const COMMITS = /^\/repos\/acme\/stack\/git\/commits$/;

async function health(api: Harness, world: StoreWorld): Promise<StoreHealth> {
  return storeHealthSchema.parse(expectStatus(await api.as(world.viewer).get(`${base(world)}/health`), 200));
}

function manifest(
  fake: FakeGithub,
  fullName = 'acme/stack',
): {
  tools: Array<{ slug: string; rating: number | null; tags: string[] }>;
  tags: Array<{ tag_name: string }>;
} | null {
  const text = fake.repository(fullName).files()['stackyard.json'];
  return text === undefined ? null : (JSON.parse(text) as ReturnType<typeof manifest>);
}

describe('storage without a GitHub App', () => {
  unconfiguredTest(
    'says it is not configured, and how to configure it, instead of failing',
    async ({ api: unconfigured }) => {
      const world = await storeWorld(unconfigured);
      const setup = storeSetupSchema.parse(
        expectStatus(await unconfigured.as(world.viewer).get(`${base(world)}/setup`), 200),
      );
      expect(setup).toEqual({
        configured: false,
        install_url: null,
        can_configure: false,
        required_variables: [
          'GITHUB_APP_ID',
          'GITHUB_APP_PRIVATE_KEY',
          'GITHUB_APP_SLUG',
          'GITHUB_APP_CLIENT_ID',
          'GITHUB_APP_CLIENT_SECRET',
        ],
      });
      expect(expectStatus(await unconfigured.as(world.viewer).get(`${base(world)}/status`), 200)).toBeNull();
      const state = storeHealthSchema.parse(
        expectStatus(await unconfigured.as(world.viewer).get(`${base(world)}/health`), 200),
      );
      expect(state).toMatchObject({ configured: false, state: 'not_configured' });
      expect(state.installation.message).toContain('GITHUB_APP_ID');
      for (const [path, body] of [
        ['/github/installation', { installation_id: 1 }],
        ['/github/check', repo],
        ['/github/connect', repo],
        ['/populate', undefined],
      ] as const) {
        const refused = await unconfigured.as(world.owner).post(`${base(world)}${path}`, body);
        expect(refused.statusCode, path).toBe(503);
        expect(problemSchema.parse(refused.json()).detail).toContain('GITHUB_APP_PRIVATE_KEY');
      }
    },
  );
});

describe('storage set-up', () => {
  test('gives the install URL with the workspace in its state, and who may configure', async ({
    api,
    fake,
  }) => {
    const world = await storeWorld(api);
    const setup = storeSetupSchema.parse(
      expectStatus(await api.as(world.admin).get(`${base(world)}/setup`), 200),
    );
    expect(setup.configured).toBe(true);
    expect(setup.can_configure).toBe(true);
    const url = new URL(setup.install_url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/apps/stackyard-test/installations/new`);
    expect(JSON.parse(url.searchParams.get('state') ?? '')).toEqual({ workspaceId: world.workspaceId });
    const forEditor = storeSetupSchema.parse(
      expectStatus(await api.as(world.editor).get(`${base(world)}/setup`), 200),
    );
    expect(forEditor.can_configure).toBe(false);
  });

  test('saves a valid installation and refuses one GitHub does not know or has suspended', async ({
    api,
    fake,
  }) => {
    const world = await storeWorld(api);
    const saved = expectStatus(
      await api.as(world.owner).post(`${base(world)}/github/installation`, installation(fake)),
      200,
    );
    expect(saved).toEqual({
      success: true,
      installation_id: INSTALLATION,
      message: 'The GitHub App installation is saved. It can reach 2 repositories.',
    });
    expect(
      storeStatusSchema.parse(expectStatus(await api.as(world.viewer).get(`${base(world)}/status`), 200)),
    ).toEqual({
      installation_id: INSTALLATION,
      repository_owner: null,
      repository_name: null,
      repository_url: null,
      connected_at: null,
    });

    // GitHub lists installations the user may access; one it does not know is not among them.
    const unknown = await api
      .as(world.owner)
      .post(`${base(world)}/github/installation`, installation(fake, 999));
    expect(unknown.statusCode).toBe(403);
    expect(problemSchema.parse(unknown.json()).detail).toContain(
      'Your GitHub account cannot access the GitHub App installation 999',
    );
    // One octo may access, but suspended: the app cannot use it.
    const suspended = await api
      .as(world.owner)
      .post(`${base(world)}/github/installation`, installation(fake, 8));
    expect(suspended.statusCode).toBe(422);
    expect(problemSchema.parse(suspended.json()).detail).toContain('suspended');

    for (const body of [{}, { installation_id: 'abc' }, { installation_id: 0 }, { installation_id: 1.5 }]) {
      const bad = await api.as(world.owner).post(`${base(world)}/github/installation`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  test('lists the repositories the installation reaches, and checks one before connecting it', async ({
    api,
    fake,
  }) => {
    const world = await storeWorld(api);
    const none = await api.as(world.owner).get(`${base(world)}/github/repositories`);
    expect(none.statusCode).toBe(409);
    expect(problemSchema.parse(none.json()).detail).toBe('Install the GitHub App for this workspace first.');
    expectStatus(
      await api.as(world.owner).post(`${base(world)}/github/installation`, installation(fake)),
      200,
    );
    const listed = installationRepositoryListSchema.parse(
      expectStatus(
        await api.as(world.owner).get(`${base(world)}/github/repositories?installation_id=${INSTALLATION}`),
        200,
      ),
    );
    expect(listed.map((repository) => [repository.full_name, repository.archived])).toEqual([
      ['acme/old', true],
      ['acme/stack', false],
    ]);

    expect(expectStatus(await api.as(world.admin).post(`${base(world)}/github/check`, repo), 200)).toEqual({
      accessible: true,
      repository_url: `${fake.url}/acme/stack`,
      message: 'stackyard can reach acme/stack.',
    });
    const hidden = expectStatus<{ accessible: boolean; message: string }>(
      await api.as(world.admin).post(`${base(world)}/github/check`, { ...repo, repository_name: 'hidden' }),
      200,
    );
    expect(hidden.accessible).toBe(false);
    expect(hidden.message).toContain(
      'acme/hidden was not found, or the GitHub App installation cannot reach it',
    );
    const archived = expectStatus<{ accessible: boolean; message: string }>(
      await api.as(world.admin).post(`${base(world)}/github/check`, { ...repo, repository_name: 'old' }),
      200,
    );
    expect(archived).toMatchObject({ accessible: false });
    expect(archived.message).toContain('is archived');

    const refused = await api
      .as(world.admin)
      .post(`${base(world)}/github/connect`, { ...repo, repository_name: 'hidden' });
    expect(refused.statusCode).toBe(422);
    expect(problemSchema.parse(refused.json()).detail).toContain('acme/hidden was not found');

    for (const body of [
      { ...repo, repository_owner: '../etc' },
      { ...repo, repository_name: 'a/b' },
      { ...repo, repository_name: '' },
      { repository_owner: 'acme', repository_name: 'stack' },
      { ...repo, extra: true },
    ]) {
      const bad = await api.as(world.admin).post(`${base(world)}/github/check`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(problemSchema.parse(bad.json()).errors?.length).toBeGreaterThan(0);
    }
  });

  test('lets only the owner and admins configure, every member read, and nobody else anything', async ({
    api,
    fake,
  }) => {
    const world = await storeWorld(api);
    for (const prefix of ['store', 'github'] as const) {
      const path = base(world, prefix);
      const configure = [
        () => ({
          method: 'post',
          path: `${path}/github/installation`,
          body: installation(fake),
        }),
        () => ({ method: 'post', path: `${path}/github/check`, body: repo }),
        () => ({ method: 'post', path: `${path}/github/connect`, body: repo }),
        () => ({ method: 'post', path: `${path}/populate`, body: undefined }),
        () => ({ method: 'get', path: `${path}/github/repositories`, body: undefined }),
        () => ({ method: 'post', path: `${path}/github/disconnect`, body: undefined }),
      ] as const;
      for (const call of configure) {
        const { method, path: url, body } = call();
        const send = (user: TestUser | null) =>
          method === 'get' ? api.as(user).get(url) : api.as(user).post(url, body);
        expect((await send(null)).statusCode, url).toBe(401);
        expect((await send(world.outsider)).statusCode, url).toBe(404);
        for (const user of [world.viewer, world.editor]) {
          const refused = await send(user);
          expect(refused.statusCode, url).toBe(403);
          expect(problemSchema.parse(refused.json()).detail).toBe(
            'Only the owner and admins can configure storage for this workspace.',
          );
        }
      }
      for (const read of ['status', 'health', 'setup']) {
        expect((await api.as(null).get(`${path}/${read}`)).statusCode).toBe(401);
        expect((await api.as(world.outsider).get(`${path}/${read}`)).statusCode).toBe(404);
        for (const user of [world.viewer, world.editor, world.admin, world.owner]) {
          expect((await api.as(user).get(`${path}/${read}`)).statusCode).toBe(200);
        }
      }
    }
  });
});

describe('connect, populate and sync', () => {
  test('connects, populates in one commit, answers the same under /github and /store, and is idempotent', async ({
    api,
    fake,
    connected: world,
  }) => {
    const status = storeStatusSchema.parse(
      expectStatus(await api.as(world.viewer).get(`${base(world, 'github')}/status`), 200),
    );
    expect(status).toMatchObject({
      installation_id: INSTALLATION,
      repository_owner: 'acme',
      repository_name: 'stack',
      repository_url: `${fake.url}/acme/stack`,
    });
    expect(expectStatus(await api.as(world.viewer).get(`${base(world)}/status`), 200)).toEqual(status);
    expect(manifest(fake)?.tools.map((tool) => tool.slug)).toEqual(['vitest']);
    expect(fake.repository('acme/stack').files()['tools/vitest.md']).toContain('# vitest');

    const commits = fake.count('POST', COMMITS);
    const again = expectStatus(await api.as(world.owner).post(`${base(world, 'github')}/populate`), 200);
    expect(again).toMatchObject({
      success: true,
      committed: false,
      message: 'acme/stack is already up to date.',
    });
    expect(fake.count('POST', COMMITS)).toBe(commits);

    const state = await health(api, world);
    expect(state).toMatchObject({
      configured: true,
      state: 'healthy',
      installation: { valid: true },
      repository: { accessible: true, repository_url: `${fake.url}/acme/stack` },
      last_error: null,
      sync_pending: false,
    });
    expect(state.last_synced_at).not.toBeNull();
    expect(state.last_commit_sha).toMatch(/^[0-9a-f]{40}$/);
  });

  test('syncs a burst of catalog changes as one commit after the workspace is quiet, and none when nothing changed', async ({
    api,
    fake,
    connected: world,
  }) => {
    const commits = fake.count('POST', COMMITS);
    const editor = api.as(world.editor);
    const tag = expectStatus<{ id: string }>(
      await editor.post('/tags', { workspace_id: world.workspaceId, tag_name: 'testing', color: '#00aa00' }),
      201,
    );
    expectStatus(await editor.put(`/tools/workspace/${world.toolId}/tags/${tag.id}`), 204);
    expectStatus(await editor.put(`/tools/workspace/${world.toolId}`, { context: { rating: 5 } }), 200);
    expectStatus(
      await api.as(world.viewer).post(`/tools/workspace/${world.toolId}/comments`, { content: 'Fast' }),
      201,
    );
    expectStatus(
      await editor.post('/projects', {
        workspace_id: world.workspaceId,
        metadata: { name: 'Site' },
        tool_ids: [world.toolId],
      }),
      201,
    );
    expect((await health(api, world)).sync_pending).toBe(true);

    await waitFor('the sync', async () => !(await health(api, world)).sync_pending);
    expect(fake.count('POST', COMMITS)).toBe(commits + 1);
    const written = manifest(fake);
    expect(written?.tools[0]).toMatchObject({ slug: 'vitest', rating: 5, tags: ['testing'] });
    expect(written?.tags.map((entry) => entry.tag_name)).toEqual(['testing']);
    expect(fake.repository('acme/stack').files()['projects/site.md']).toContain('# Site');
    expect(fake.repository('acme/stack').files()['tools/vitest.md']).toContain('> Fast');

    // The same rating again changes no file: the job runs, and makes no commit.
    expectStatus(await editor.put(`/tools/workspace/${world.toolId}`, { context: { rating: 5 } }), 200);
    await waitFor('the no-op sync', async () => !(await health(api, world)).sync_pending);
    expect(fake.count('POST', COMMITS)).toBe(commits + 1);

    // A deleted tool's page goes, in the next commit.
    expectStatus(await editor.delete(`/tools/workspace/${world.toolId}`), 204);
    await waitFor(
      'the deletion',
      async () => fake.repository('acme/stack').files()['tools/vitest.md'] === undefined,
    );
    expect(manifest(fake)?.tools).toEqual([]);
  });

  test('renames in the manifest when the workspace itself is edited', async ({
    api,
    fake,
    connected: world,
  }) => {
    expectStatus(
      await api.as(world.owner).put(`/workspaces/${world.workspaceId}`, { name: 'Renamed stack' }),
      200,
    );
    await waitFor('the rename', async () =>
      fake.repository('acme/stack').files()['README.md']?.startsWith('# Renamed stack'),
    );
  });

  test('stops syncing after disconnect, and says so', async ({ api, fake, connected: world }) => {
    const done = expectStatus(await api.as(world.owner).post(`${base(world)}/github/disconnect`), 200);
    expect(done).toEqual({
      message:
        'Disconnected acme/stack. The repository and its files stay on GitHub; stackyard no longer writes to it.',
    });
    expect(expectStatus(await api.as(world.owner).post(`${base(world)}/github/disconnect`), 200)).toEqual({
      message: 'No repository is connected to this workspace.',
    });
    expect(
      storeStatusSchema.parse(expectStatus(await api.as(world.viewer).get(`${base(world)}/status`), 200)),
    ).toMatchObject({ installation_id: INSTALLATION, repository_name: null });
    const commits = fake.count('POST', COMMITS);
    expectStatus(
      await api.as(world.editor).put(`/tools/workspace/${world.toolId}`, { context: { rating: 1 } }),
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, SYNC_DELAY_MS * 3));
    expect(fake.count('POST', COMMITS)).toBe(commits);
    expect(await health(api, world)).toMatchObject({ state: 'not_linked', installation: { valid: true } });
    const populate = await api.as(world.owner).post(`${base(world)}/populate`);
    expect(populate.statusCode).toBe(409);
    expect(problemSchema.parse(populate.json()).detail).toBe('Connect a repository before populating it.');
  });
});

describe('GitHub failures', () => {
  const rate = (api: Harness, world: StoreWorld & { toolId: string }, rating: number) =>
    api.as(world.editor).put(`/tools/workspace/${world.toolId}`, { context: { rating } });
  const synced = (api: Harness, world: StoreWorld) =>
    waitFor('the sync', async () => !(await health(api, world)).sync_pending);

  test('survives an expired installation token', async ({ api, fake, connected: world }) => {
    fake.expireTokens();
    expectStatus(await rate(api, world, 2), 200);
    await synced(api, world);
    expect(manifest(fake)?.tools[0]?.rating).toBe(2);
    expect((await health(api, world)).last_error).toBeNull();
  });

  test('reports a repository that is gone, and catches up once it is back', async ({
    api,
    fake,
    connected: world,
  }) => {
    fake.removeRepository('acme/stack');
    expectStatus(await rate(api, world, 3), 200);
    const broken = await waitFor('the failure', async () => {
      const state = await health(api, world);
      return state.last_error ? state : null;
    });
    expect(broken).toMatchObject({
      state: 'failing',
      sync_pending: true,
      installation: { valid: true },
      repository: { accessible: false },
      last_error: { code: 'repository_not_found' },
    });
    expect(broken.last_error?.message).toContain('acme/stack was not found');

    fake.addRepository('acme/stack');
    const populated = expectStatus<{ committed: boolean }>(
      await api.as(world.owner).post(`${base(world)}/populate`),
      200,
    );
    expect(populated.committed).toBe(true);
    expect(manifest(fake)?.tools[0]?.rating).toBe(3);
    expect(await health(api, world)).toMatchObject({
      state: 'healthy',
      last_error: null,
      sync_pending: false,
    });
  });

  test('records a 403, and the next change writes everything', async ({ api, fake, connected: world }) => {
    fake.failNext({
      method: 'POST',
      path: /\/git\/trees$/,
      status: 403,
      message: 'Resource not accessible by integration',
    });
    expectStatus(await rate(api, world, 4), 200);
    const state = await waitFor('the failure', async () => (await health(api, world)).last_error);
    expect(state.code).toBe('forbidden');
    expect(manifest(fake)?.tools[0]?.rating).toBeNull();
    expectStatus(
      await api.as(world.viewer).post(`/tools/workspace/${world.toolId}/comments`, { content: 'Again' }),
      201,
    );
    await synced(api, world);
    expect(manifest(fake)?.tools[0]?.rating).toBe(4);
    expect((await health(api, world)).last_error).toBeNull();
  });

  test('waits out a secondary rate limit for as long as retry-after says, then syncs by itself', async ({
    api,
    fake,
    connected: world,
  }) => {
    fake.failNext({
      method: 'POST',
      path: /\/git\/trees$/,
      status: 403,
      message: SECONDARY_RATE_LIMIT_MESSAGE,
      headers: { 'retry-after': '1' },
    });
    const started = Date.now();
    expectStatus(await rate(api, world, 5), 200);
    const limited = await waitFor('the limit', async () => (await health(api, world)).last_error);
    expect(limited.code).toBe('rate_limited');
    await synced(api, world);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(manifest(fake)?.tools[0]?.rating).toBe(5);
  });

  test('retries a GitHub server error with backoff', async ({ api, fake, connected: world }) => {
    fake.failNext({
      method: 'GET',
      path: /\/git\/ref\/heads\/main$/,
      status: 502,
      message: 'Bad gateway',
      times: 2,
    });
    expectStatus(await rate(api, world, 1), 200);
    await synced(api, world);
    expect(manifest(fake)?.tools[0]?.rating).toBe(1);
  });

  test('maps failures of populate to clear answers, never a 500', async ({ api, fake, connected: world }) => {
    fake.failNext({
      path: /\/repos\/acme\/stack$/,
      status: 429,
      message: SECONDARY_RATE_LIMIT_MESSAGE,
      headers: { 'retry-after': '0' },
    });
    const limited = await api.as(world.owner).post(`${base(world)}/populate`);
    expect(limited.statusCode).toBe(429);
    expect(problemSchema.parse(limited.json()).detail).toBe(
      'GitHub asked stackyard to slow down. The sync will continue automatically.',
    );
    fake.failNext({ path: /\/repos\/acme\/stack$/, status: 500, message: 'boom' });
    const down = await api.as(world.owner).post(`${base(world)}/populate`);
    expect(down.statusCode).toBe(503);
    expect(problemSchema.parse(down.json()).detail).toBe(
      'GitHub had a temporary problem. stackyard will try again.',
    );
  });
});
