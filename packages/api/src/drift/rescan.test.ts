import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { storeHealthSchema } from '@stackyard/contracts/store';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { githubTest } from '@stackyard/testing/github-api';
import { QUICK_STORE, type Harness } from '@stackyard/testing/harness';
import { connectStore } from '@stackyard/testing/store-seed';
import { waitFor } from '@stackyard/testing/wait-for';

// After the store's sync writes a workspace's changes to GitHub, the scans read from GitHub before are read
// again (the connected repository's and a project's), against the local fake GitHub; one that fails keeps
// the scan before it and says why.

const INSTALLATION = 9;

const test = githubTest(
  (fake) => {
    fake.addRepository('acme/code', {
      files: { 'package.json': JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }) },
    });
    fake.addRepository('acme/billing', { files: { 'requirements.txt': 'fastapi==0.115.0\n' } });
    fake.addInstallation(INSTALLATION, 'acme', ['acme/code', 'acme/billing']);
    fake.addUser('octo', [INSTALLATION]);
  },
  { store: QUICK_STORE },
)
  // The test's workspace with acme/code connected as its store.
  .extend('connected', async ({ api, fake, world }) => {
    await connectStore(api, world.owner, world.workspaceId, {
      installationId: INSTALLATION,
      repository: 'acme/code',
      code: fake.authorizationCode('octo'),
    });
    return world;
  });

// A sync and the rescans after it run one after another on a loaded machine: longer than a lone sync.
const PATIENCE_MS = 15_000;

const drift = async (api: Harness, world: CatalogWorld, projectId?: string) =>
  driftSchema.parse(
    expectStatus(
      await api
        .as(world.viewer)
        .get(`/workspaces/${world.workspaceId}/drift${projectId ? `?project_id=${projectId}` : ''}`),
      200,
    ),
  );

/**
 * A change to the catalog, which the store syncs once the workspace is quiet; answers when the sync's job has
 * ended (the scans after it included).
 */
async function changeAndSync(api: Harness, world: CatalogWorld, name: string): Promise<void> {
  expectStatus(
    await api
      .as(world.editor)
      .post('/tags', { workspace_id: world.workspaceId, tag_name: name, color: '#00aa00' }),
    201,
  );
  const health = async () =>
    storeHealthSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/store/health`), 200),
    );
  await waitFor('the sync', async () => !(await health()).sync_pending, PATIENCE_MS);
  await waitFor(
    'the sync job to end',
    async () => {
      const [open] = await api.db.rows<{ count: number }>(sql`select count(*)::int as count from jobs
      where queue = 'store-sync' and payload->>'workspaceId' = ${world.workspaceId}
        and state in ('queued', 'running')`);
      return open?.count === 0;
    },
    PATIENCE_MS,
  );
}

describe('after each store sync', () => {
  test('reads the scans taken from GitHub again, at the commit the sync left, and keeps a failed one with why', async ({
    api,
    fake,
    connected: world,
  }) => {
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Billing' } }),
      201,
    );
    fake.repository('acme/billing').push({ 'requirements.txt': 'fastapi==0.115.0\n' }, 'A branch', 'release');
    expectStatus(
      await api
        .as(world.editor)
        .put(`/projects/${project.id}`, { repository: { full_name: 'acme/billing', branch: 'release' } }),
      200,
    );
    const scans = `/workspaces/${world.workspaceId}/scans/repository`;
    expectStatus(await api.as(world.editor).post(scans), 201);
    const projectScan = scanSummarySchema.parse(
      expectStatus(await api.as(world.editor).post(`${scans}?project_id=${project.id}`), 201),
    );
    expect((await drift(api, world)).unknown.map((entry) => entry.dependency.name)).toEqual(['react']);

    // Someone pushes a new dependency; the project's branch goes away.
    fake
      .repository('acme/code')
      .push(
        { 'package.json': JSON.stringify({ dependencies: { react: '^19.0.0', moment: '^2.30.0' } }) },
        'Moment',
      );
    fake.repository('acme/billing').refs.delete('release');

    await changeAndSync(api, world, 'after-push');
    const head = fake.repository('acme/code').refs.get('main');
    const rescanned = await waitFor(
      'the scan after the sync',
      async () => {
        const now = await drift(api, world);
        return now.scan?.commit === head && now;
      },
      PATIENCE_MS,
    );
    expect(rescanned.scan).toMatchObject({ source: 'repository', dependencies: 2 });
    expect(rescanned.unknown.map((entry) => entry.dependency.name).sort()).toEqual(['moment', 'react']);

    const kept = await waitFor(
      'the failed scan noted',
      async () => {
        const now = await drift(api, world, project.id);
        return now.scan?.findings[0]?.message.startsWith('Scanning again after the sync failed: ') && now;
      },
      PATIENCE_MS,
    );
    expect(kept.scan).toMatchObject({ commit: projectScan.commit, dependencies: 1 });
    expect(kept.unknown.map((entry) => entry.dependency.name)).toEqual(['fastapi']);
  });

  test('scans nothing no one scanned before', async ({ api, connected: world }) => {
    await changeAndSync(api, world, 'no-scan');
    expect((await drift(api, world)).scan).toBeNull();
  });
});
