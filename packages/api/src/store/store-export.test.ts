import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { storeExportSettingsSchema, storeHealthSchema, type StoreHealth } from '@stackyard/contracts/store';
import { fakeGithubEnv, startFakeGithub, type FakeGithub } from '@stackyard/store/testing/fake-github';
import { connectStore, seedVitest } from '@stackyard/testing/store-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, QUICK_STORE, type Harness } from '@stackyard/testing/harness';
import { waitFor } from '@stackyard/testing/wait-for';

// The AI export files in the repository store, over HTTP against the local fake GitHub: the
// switch (off by default), the chosen files written by the sync in its one commit, a file the user edited
// left alone and reported in health, and no more writing once switched off.

const INSTALLATION = 7;
const REPOSITORY = 'acme/assistants';

let fake: FakeGithub;
let h: Harness;

beforeAll(async () => {
  fake = await startFakeGithub();
  fake.addRepository(REPOSITORY);
  fake.addInstallation(INSTALLATION, 'acme', [REPOSITORY]);
  fake.addUser('octo', [INSTALLATION]);
  h = await createHarness({
    env: fakeGithubEnv(fake, 'stackyard-test'),
    store: QUICK_STORE,
  });
});

afterAll(async () => {
  await h.closeChecked();
  await fake.close();
});

const COMMITS = /^\/repos\/acme\/assistants\/git\/commits$/;
const files = () => fake.repository(REPOSITORY).files();

type World = CatalogWorld & { toolId: string };

/** A workspace with one tool, acme/assistants connected and populated (the repository is shared: one world). */
async function connectedWorld(): Promise<World> {
  const world = await catalogWorld(h);
  const toolId = await seedVitest(h, world.workspaceId);
  await connectStore(h, world.owner, world.workspaceId, {
    installationId: INSTALLATION,
    repository: REPOSITORY,
    code: fake.authorizationCode('octo'),
  });
  return { ...world, toolId };
}

const store = (world: { workspaceId: string }) => `/workspaces/${world.workspaceId}/store`;

async function health(world: World): Promise<StoreHealth> {
  return storeHealthSchema.parse(expectStatus(await h.as(world.viewer).get(`${store(world)}/health`), 200));
}

async function exported(world: World, format: string): Promise<string> {
  const response = await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/${format}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** A catalog change (the tool's stance and note), and the sync it brings. */
async function setStance(world: World, note: string): Promise<void> {
  expectStatus(
    await h
      .as(world.editor)
      .put(`/tools/workspace/${world.toolId}/stance`, { stance: 'preferred', note, category: 'Testing' }),
    200,
  );
  await waitFor('the sync', async () => !(await health(world)).sync_pending);
}

describe('store export settings', () => {
  it('are off by default, chosen by the owner (and admins), and refuse bad input with a message', async () => {
    const world = await catalogWorld(h);
    const path = `${store(world)}/export`;
    expect(storeExportSettingsSchema.parse(expectStatus(await h.as(world.viewer).get(path), 200))).toEqual({
      enabled: false,
      formats: [],
    });

    // Duplicates go, and the formats come back in the export's own order.
    const saved = expectStatus(
      await h.as(world.owner).put(path, { enabled: true, formats: ['llms-txt', 'agents-md', 'llms-txt'] }),
      200,
    );
    expect(saved).toEqual({ enabled: true, formats: ['agents-md', 'llms-txt'] });
    expect(expectStatus(await h.as(world.editor).get(path), 200)).toEqual(saved);

    const none = await h.as(world.owner).put(path, { enabled: true, formats: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(problemSchema.parse(none.json()))).toContain('Choose at least one format to write');
    const unknown = await h.as(world.owner).put(path, { enabled: true, formats: ['docx'] });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('Format must be one of agents-md');
    expect((await h.as(world.owner).put(path, { formats: ['agents-md'] })).statusCode).toBe(400);

    const refused = await h.as(world.editor).put(path, { enabled: false, formats: [] });
    expect(refused.statusCode).toBe(403);
    expect(problemSchema.parse(refused.json()).detail).toBe(
      'Only the owner and admins can configure storage for this workspace.',
    );
    // Off keeps the chosen formats for next time.
    expect(
      expectStatus(await h.as(world.owner).put(path, { enabled: false, formats: ['agents-md'] }), 200),
    ).toEqual({ enabled: false, formats: ['agents-md'] });
  });
});

describe('store sync of the export files', () => {
  it('writes the chosen files on each sync, leaves a file the user edited, reports it, and stops when off', async () => {
    const world = await connectedWorld();
    // Off by default: populate wrote the workspace, and no export file.
    expect(files()['stackyard.json']).toBeDefined();
    expect(files()['AGENTS.md']).toBeUndefined();

    // Switched on: the next sync writes the chosen files, as the export API renders them, in one commit.
    const commits = fake.count('POST', COMMITS);
    expectStatus(
      await h.as(world.owner).put(`${store(world)}/export`, {
        enabled: true,
        formats: ['agents-md', 'cursor-rules', 'llms-txt'],
      }),
      200,
    );
    await waitFor('the export files', async () => files()['AGENTS.md'] !== undefined);
    expect(fake.count('POST', COMMITS)).toBe(commits + 1);
    expect(files()['AGENTS.md']).toBe(await exported(world, 'agents-md'));
    expect(files()['.cursor/rules/stack.mdc']).toBe(await exported(world, 'cursor-rules'));
    expect(files()['llms.txt']).toBe(await exported(world, 'llms-txt'));
    expect(files()['CLAUDE.md']).toBeUndefined();

    // A stance change reaches the files in the same commit as the workspace's own pages.
    await setStance(world, 'Use for every new test suite');
    expect(files()['AGENTS.md']).toContain('Use for every new test suite');
    expect(files()['AGENTS.md']).toBe(await exported(world, 'agents-md'));
    expect((await health(world)).export_conflicts).toEqual([]);

    // The user edits AGENTS.md: the next sync leaves it, writes the rest, and health says what to do.
    fake.repository(REPOSITORY).push({ 'AGENTS.md': '# Our own rules\n' }, 'Edit AGENTS.md by hand');
    await setStance(world, 'Use for unit tests only');
    expect(files()['AGENTS.md']).toBe('# Our own rules\n');
    expect(files()['llms.txt']).toBe(await exported(world, 'llms-txt'));
    expect(files()['.cursor/rules/stack.mdc']).toContain('Use for unit tests only');
    const conflicted = await health(world);
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
    await setStance(world, 'Use for every kind of test');
    expect(files()['AGENTS.md']).toBe(await exported(world, 'agents-md'));
    expect((await health(world)).export_conflicts).toEqual([]);

    // Switched off: syncs go on for the workspace, and the export files are not written any more.
    expectStatus(
      await h.as(world.owner).put(`${store(world)}/export`, { enabled: false, formats: ['agents-md'] }),
      200,
    );
    const before = files()['AGENTS.md'];
    await setStance(world, 'Switched off by now');
    expect(files()['stackyard.json']).toBeDefined();
    expect(files()['AGENTS.md']).toBe(before);
    expect(files()['AGENTS.md']).not.toContain('Switched off by now');
    expect(await exported(world, 'agents-md')).toContain('Switched off by now');
  });
});
