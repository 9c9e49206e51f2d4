import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { storeExportSettingsSchema, storeHealthSchema, type StoreHealth } from '@stackyard/contracts/store';
import type { FakeGithub } from '@stackyard/store/testing/fake-github';
import { connectStore, seedVitest } from '@stackyard/testing/store-seed';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { githubTest } from '@stackyard/testing/github-api';
import { QUICK_STORE, type Harness } from '@stackyard/testing/harness';
import { waitFor } from '@stackyard/testing/wait-for';

// The AI export files in the repository store, over HTTP against the local fake GitHub: the
// switch (off by default), the chosen files written by the sync in its one commit, a file the user edited
// left alone and reported in health, and no more writing once switched off.

const INSTALLATION = 7;
const REPOSITORY = 'acme/assistants';

type World = CatalogWorld & { toolId: string };

const test = githubTest(
  (fake) => {
    fake.addRepository(REPOSITORY);
    fake.addInstallation(INSTALLATION, 'acme', [REPOSITORY]);
    fake.addUser('octo', [INSTALLATION]);
  },
  { store: QUICK_STORE },
)
  // The test's workspace with one tool, acme/assistants connected and populated (the repository is shared,
  // so one test connects).
  .extend('connected', async ({ api, fake, world }): Promise<World> => {
    const toolId = await seedVitest(api, world.workspaceId);
    await connectStore(api, world.owner, world.workspaceId, {
      installationId: INSTALLATION,
      repository: REPOSITORY,
      code: fake.authorizationCode('octo'),
    });
    return { ...world, toolId };
  });

const COMMITS = /^\/repos\/acme\/assistants\/git\/commits$/;
const files = (fake: FakeGithub) => fake.repository(REPOSITORY).files();

const store = (world: { workspaceId: string }) => `/workspaces/${world.workspaceId}/store`;

async function health(api: Harness, world: World): Promise<StoreHealth> {
  return storeHealthSchema.parse(expectStatus(await api.as(world.viewer).get(`${store(world)}/health`), 200));
}

async function exported(api: Harness, world: World, format: string): Promise<string> {
  const response = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/${format}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** A catalog change (the tool's stance and note), and the sync it brings. */
async function setStance(api: Harness, world: World, note: string): Promise<void> {
  expectStatus(
    await api
      .as(world.editor)
      .put(`/tools/workspace/${world.toolId}/stance`, { stance: 'preferred', note, category: 'Testing' }),
    200,
  );
  await waitFor('the sync', async () => !(await health(api, world)).sync_pending);
}

describe('store export settings', () => {
  test('are off by default, chosen by the owner (and admins), and refuse bad input with a message', async ({
    api,
    world,
  }) => {
    const path = `${store(world)}/export`;
    expect(storeExportSettingsSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200))).toEqual({
      enabled: false,
      formats: [],
    });

    // Duplicates go, and the formats come back in the export's own order.
    const saved = expectStatus(
      await api.as(world.owner).put(path, { enabled: true, formats: ['llms-txt', 'agents-md', 'llms-txt'] }),
      200,
    );
    expect(saved).toEqual({ enabled: true, formats: ['agents-md', 'llms-txt'] });
    expect(expectStatus(await api.as(world.editor).get(path), 200)).toEqual(saved);

    const none = await api.as(world.owner).put(path, { enabled: true, formats: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(problemSchema.parse(none.json()))).toContain('Choose at least one format to write');
    const unknown = await api.as(world.owner).put(path, { enabled: true, formats: ['docx'] });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('Format must be one of agents-md');
    expect((await api.as(world.owner).put(path, { formats: ['agents-md'] })).statusCode).toBe(400);

    const refused = await api.as(world.editor).put(path, { enabled: false, formats: [] });
    expect(refused.statusCode).toBe(403);
    expect(problemSchema.parse(refused.json()).detail).toBe(
      'Only the owner and admins can configure storage for this workspace.',
    );
    // Off keeps the chosen formats for next time.
    expect(
      expectStatus(await api.as(world.owner).put(path, { enabled: false, formats: ['agents-md'] }), 200),
    ).toEqual({ enabled: false, formats: ['agents-md'] });
  });
});

describe('store sync of the export files', () => {
  test('writes the chosen files on each sync, leaves a file the user edited, reports it, and stops when off', async ({
    api,
    fake,
    connected: world,
  }) => {
    // Off by default: populate wrote the workspace, and no export file.
    expect(files(fake)['stackyard.json']).toBeDefined();
    expect(files(fake)['AGENTS.md']).toBeUndefined();

    // Switched on: the next sync writes the chosen files, as the export API renders them, in one commit.
    const commits = fake.count('POST', COMMITS);
    expectStatus(
      await api.as(world.owner).put(`${store(world)}/export`, {
        enabled: true,
        formats: ['agents-md', 'cursor-rules', 'llms-txt'],
      }),
      200,
    );
    await waitFor('the export files', async () => files(fake)['AGENTS.md'] !== undefined);
    expect(fake.count('POST', COMMITS)).toBe(commits + 1);
    expect(files(fake)['AGENTS.md']).toBe(await exported(api, world, 'agents-md'));
    expect(files(fake)['.cursor/rules/stack.mdc']).toBe(await exported(api, world, 'cursor-rules'));
    expect(files(fake)['llms.txt']).toBe(await exported(api, world, 'llms-txt'));
    expect(files(fake)['CLAUDE.md']).toBeUndefined();

    // A stance change reaches the files in the same commit as the workspace's own pages.
    await setStance(api, world, 'Use for every new test suite');
    expect(files(fake)['AGENTS.md']).toContain('Use for every new test suite');
    expect(files(fake)['AGENTS.md']).toBe(await exported(api, world, 'agents-md'));
    expect((await health(api, world)).export_conflicts).toEqual([]);

    // The user edits AGENTS.md: the next sync leaves it, writes the rest, and health says what to do.
    fake.repository(REPOSITORY).push({ 'AGENTS.md': '# Our own rules\n' }, 'Edit AGENTS.md by hand');
    await setStance(api, world, 'Use for unit tests only');
    expect(files(fake)['AGENTS.md']).toBe('# Our own rules\n');
    expect(files(fake)['llms.txt']).toBe(await exported(api, world, 'llms-txt'));
    expect(files(fake)['.cursor/rules/stack.mdc']).toContain('Use for unit tests only');
    const conflicted = await health(api, world);
    expect(conflicted.state).toBe('healthy');
    expect(conflicted.export_conflicts).toEqual([
      {
        path: 'AGENTS.md',
        format: 'agents-md',
        message:
          'AGENTS.md in the repository was changed since stackyard last wrote it, so the sync left it as it is. To have stackyard write it again, delete the file in the repository (or undo the change); to keep your version, stop exporting this file.',
      },
    ]);

    // Deleting the file hands it back: the next sync writes it again and the conflict is gone.
    fake.repository(REPOSITORY).push({ 'AGENTS.md': null }, 'Hand AGENTS.md back');
    await setStance(api, world, 'Use for every kind of test');
    expect(files(fake)['AGENTS.md']).toBe(await exported(api, world, 'agents-md'));
    expect((await health(api, world)).export_conflicts).toEqual([]);

    // Switched off: syncs go on for the workspace, and the export files are not written any more.
    expectStatus(
      await api.as(world.owner).put(`${store(world)}/export`, { enabled: false, formats: ['agents-md'] }),
      200,
    );
    const before = files(fake)['AGENTS.md'];
    await setStance(api, world, 'Switched off by now');
    expect(files(fake)['stackyard.json']).toBeDefined();
    expect(files(fake)['AGENTS.md']).toBe(before);
    expect(files(fake)['AGENTS.md']).not.toContain('Switched off by now');
    expect(await exported(api, world, 'agents-md')).toContain('Switched off by now');
  });
});
