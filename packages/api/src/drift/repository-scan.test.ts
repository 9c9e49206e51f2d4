import { describe, expect } from 'vitest';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { problemSchema } from '@stackyard/contracts/problem';
import { projectSchema } from '@stackyard/contracts/project';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { githubTest } from '@stackyard/testing/github-api';

// Scanning the connected repository over HTTP against the local fake GitHub: the default branch's manifests
// are read (and nothing else), the commit is kept, and what cannot be scanned is said in words.

const INSTALLATION = 7;

const FILES = {
  'package.json': JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }, null, 2),
  'services/api/requirements.txt': 'fastapi==0.115.0\n',
  'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', dependencies: { x: '1' } }),
  'README.md': '# App\n',
};

const scanRepository = (world: CatalogWorld) => `/workspaces/${world.workspaceId}/scans/repository`;
const driftOf = (world: CatalogWorld) => `/workspaces/${world.workspaceId}/drift`;

// `fake`, GitHub with the installation and a user who may use it, one per file; `newRepository`, a fresh
// repository of that installation holding these files (its number, in its name acme/app-N);
// `connectedWorld`, a workspace connected to a fresh repository; `linkedProject`, a project of a connected
// workspace linked to another fresh repository of the same installation.
const test = githubTest((fake) => {
  fake.addInstallation(INSTALLATION, 'acme', []);
  fake.addUser('octo', [INSTALLATION]);
})
  .extend('newRepository', { scope: 'file' }, ({ fake }) => {
    let repositories = 0;
    return (files: Record<string, string>): number => {
      const number = ++repositories;
      fake.addRepository(`acme/app-${number}`, { files });
      fake.addInstallation(
        INSTALLATION,
        'acme',
        Array.from({ length: repositories }, (_, i) => `acme/app-${i + 1}`),
      );
      return number;
    };
  })
  .extend('connectedWorld', { scope: 'file' }, ({ api, fake, newRepository }) =>
    /** A workspace connected to a fresh repository holding these files. */
    async (files: Record<string, string>): Promise<CatalogWorld & { fullName: string }> => {
      const world = await catalogWorld(api);
      const name = `app-${newRepository(files)}`;
      const fullName = `acme/${name}`;
      const owner = api.as(world.owner);
      const store = `/workspaces/${world.workspaceId}/store/github`;
      const code = fake.authorizationCode('octo');
      expectStatus(await owner.post(`${store}/installation`, { installation_id: INSTALLATION, code }), 200);
      expectStatus(
        await owner.post(`${store}/connect`, {
          repository_owner: 'acme',
          repository_name: name,
          installation_id: INSTALLATION,
        }),
        200,
      );
      return { ...world, fullName };
    },
  )
  .extend('linkedProject', { scope: 'file' }, ({ api, connectedWorld, newRepository }) =>
    /** A project of a connected workspace, linked to a repository of the same installation holding these files. */
    async (files: Record<string, string>, link: { path?: string; branch?: string } = {}) => {
      const world = await connectedWorld(FILES);
      const number = newRepository(files);
      const other = `acme/app-${number}`;
      const created = projectSchema.parse(
        expectStatus(
          await api.as(world.editor).post('/projects', {
            workspace_id: world.workspaceId,
            metadata: { name: `Service ${number}` },
          }),
          201,
        ),
      );
      expect(created.repository).toBeNull();
      const linked = projectSchema.parse(
        expectStatus(
          await api
            .as(world.editor)
            .put(`/projects/${created.id}`, { repository: { full_name: other, ...link } }),
          200,
        ),
      );
      return { world, project: linked, fullName: other };
    },
  );

describe('scanning the connected repository', () => {
  test("reads the default branch's manifests and keeps the scan with its commit", async ({
    api,
    fake,
    connectedWorld,
  }) => {
    const world = await connectedWorld(FILES);
    const before = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(before.repository?.full_name).toBe(world.fullName);

    const scanned = scanSummarySchema.parse(
      expectStatus(await api.as(world.editor).post(scanRepository(world)), 201),
    );
    const head = fake.repository(world.fullName).refs.get('main');
    expect(scanned).toMatchObject({ source: 'repository', commit: head, files: 2, dependencies: 2 });
    // Only the two manifests' contents were fetched: no README, nothing under node_modules.
    expect(fake.count('GET', new RegExp(`^/repos/${world.fullName}/git/blobs/`))).toBe(2);

    const drift = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(drift.scan).toMatchObject({ source: 'repository', commit: head });
    expect(drift.unknown.map((entry) => entry.dependency.name).sort()).toEqual(['fastapi', 'react']);
  });

  test('says so when GitHub listed only part of the tree', async ({ api, fake, connectedWorld }) => {
    const world = await connectedWorld(FILES);
    fake.repository(world.fullName).listingLimit = 3;
    const scanned = scanSummarySchema.parse(
      expectStatus(await api.as(world.editor).post(scanRepository(world)), 201),
    );
    expect(scanned.findings[0]?.message).toMatch(/GitHub listed only part of this repository/);
  });

  test('reads at most 200 manifests, the shallowest, and says how many were left out', async ({
    api,
    fake,
    connectedWorld,
  }) => {
    const files: Record<string, string> = { 'package.json': FILES['package.json'] };
    for (let index = 0; index < 200; index++)
      files[`services/s${String(index).padStart(3, '0')}/.nvmrc`] = '22\n';
    const world = await connectedWorld(files);
    const scanned = scanSummarySchema.parse(
      expectStatus(await api.as(world.editor).post(scanRepository(world)), 201),
    );
    expect(scanned.files).toBe(200);
    expect(scanned.findings[0]?.message).toMatch(/^Read 200 of 201 manifest files/);
    expect(fake.count('GET', new RegExp(`^/repos/${world.fullName}/git/blobs/`))).toBe(200);
    // The root's package.json is among those read: react is a dependency of the scan.
    const drift = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(drift.unknown.map((entry) => entry.dependency.name)).toContain('react');
  });

  test('refuses a workspace without a connected repository, and viewers', async ({ api, connectedWorld }) => {
    const world = await catalogWorld(api);
    const drift = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(drift.repository).toBeNull();
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.editor).post(scanRepository(world)), 409),
    );
    expect(refused.detail).toMatch(/not connected to a GitHub repository/);

    const connected = await connectedWorld(FILES);
    expectStatus(await api.as(connected.viewer).post(scanRepository(connected)), 403);
  });

  test('answers 422 with GitHub’s reason when the installation lost the repository', async ({
    api,
    fake,
    connectedWorld,
  }) => {
    const world = await connectedWorld(FILES);
    fake.removeRepository(world.fullName);
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.editor).post(scanRepository(world)), 422),
    );
    expect(refused.detail).toMatch(new RegExp(world.fullName));
  });
});

describe("a project's repository", () => {
  const scanProject = (world: CatalogWorld, projectId: string) =>
    `${scanRepository(world)}?project_id=${projectId}`;

  test('links, shows and clears the repository on the project; editors only; owner/name shape', async ({
    api,
    linkedProject,
  }) => {
    const { world, project, fullName } = await linkedProject(FILES, {
      path: '/services/api/',
      branch: 'main',
    });
    expect(project.repository).toEqual({ full_name: fullName, branch: 'main', path: 'services/api' });
    const read = projectSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/projects/${project.id}`), 200),
    );
    expect(read.repository).toEqual(project.repository);

    for (const full_name of ['acme', 'acme/app/x', 'https://github.com/acme/app', '-acme/app', 'acme/..']) {
      const refused = problemSchema.parse(
        expectStatus(
          await api.as(world.editor).put(`/projects/${project.id}`, { repository: { full_name } }),
          400,
        ),
      );
      expect(refused.detail).toMatch(/Repository must be owner\/name/);
    }
    expectStatus(
      await api.as(world.viewer).put(`/projects/${project.id}`, { repository: { full_name: 'acme/other' } }),
      403,
    );
    const cleared = projectSchema.parse(
      expectStatus(await api.as(world.editor).put(`/projects/${project.id}`, { repository: null }), 200),
    );
    expect(cleared.repository).toBeNull();
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.editor).post(scanProject(world, project.id)), 409),
    );
    expect(refused.detail).toMatch(/This project is not linked to a GitHub repository/);
  });

  test("scans the linked repository's folder as the project's scan, leaving the workspace's alone", async ({
    api,
    fake,
    linkedProject,
  }) => {
    const files = {
      'package.json': JSON.stringify({ name: 'root', dependencies: { vue: '^3.0.0' } }),
      'services/api/requirements.txt': 'django==5.0\n',
    };
    const { world, project, fullName } = await linkedProject(files, { path: 'services/api' });
    expectStatus(await api.as(world.viewer).post(scanProject(world, project.id)), 403);
    const scanned = scanSummarySchema.parse(
      expectStatus(await api.as(world.editor).post(scanProject(world, project.id)), 201),
    );
    const head = fake.repository(fullName).refs.get('main');
    expect(scanned).toMatchObject({ project_id: project.id, source: 'repository', commit: head, files: 1 });

    const drift = driftSchema.parse(
      expectStatus(await api.as(world.viewer).get(`${driftOf(world)}?project_id=${project.id}`), 200),
    );
    expect(drift.project?.id).toBe(project.id);
    expect(drift.unknown.map((entry) => entry.dependency.name)).toEqual(['django']);
    const workspace = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(workspace.scan).toBeNull();
  });

  test('answers 422 naming the repository when the branch does not exist', async ({ api, linkedProject }) => {
    const { world, project, fullName } = await linkedProject(FILES, { branch: 'no-such-branch' });
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.editor).post(scanProject(world, project.id)), 422),
    );
    expect(refused.detail).toMatch(new RegExp(fullName));
  });

  test('answers 404 for a project of another workspace', async ({ api, connectedWorld, linkedProject }) => {
    const { project } = await linkedProject(FILES);
    const stranger = await connectedWorld(FILES);
    expectStatus(await api.as(stranger.editor).post(scanProject(stranger, project.id)), 404);
  });
});
