import { describe, expect } from 'vitest';
import { driftSchema, scanSummarySchema, SCAN_FILES_MAX, type Drift } from '@stackyard/contracts/drift';
import { problemSchema } from '@stackyard/contracts/problem';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

const PACKAGE_JSON = JSON.stringify(
  { name: 'app', dependencies: { moment: '^2.29.0', luxon: '^3.0.0', 'left-pad': '1.3.0' } },
  null,
  2,
);

/** Dates: date-fns preferred, moment avoided (Unmaintained), luxon accepted; each an npm package link. */
async function driftWorld(
  api: Harness,
): Promise<CatalogWorld & { dateFns: string; moment: string; luxon: string }> {
  const world = await catalogWorld(api);
  const tool = async (slug: string, name: string, stance: string, note: string | null) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://www.npmjs.com/package/${slug}#${world.workspaceId}`,
      slug,
      name,
    });
    const set = await api
      .as(world.editor)
      .put(`/tools/workspace/${workspaceToolId}/stance`, { stance, note, category: 'Dates' });
    expectStatus(set, 200);
    return workspaceToolId;
  };
  return {
    ...world,
    dateFns: await tool('date-fns', 'date-fns', 'preferred', null),
    moment: await tool('moment', 'Moment.js', 'avoid', 'Unmaintained'),
    luxon: await tool('luxon', 'Luxon', 'accepted', null),
  };
}

const scansOf = (world: CatalogWorld) => `/workspaces/${world.workspaceId}/scans`;
const driftOf = (world: CatalogWorld, query = '') => `/workspaces/${world.workspaceId}/drift${query}`;

describe('drift of an uploaded package.json', () => {
  test('lists the avoided tool with the preferred one, the unknown package and the category used otherwise', async ({
    api,
  }) => {
    const world = await driftWorld(api);
    const before = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(before).toMatchObject({ scan: null, avoided: [], unknown: [], instead_of_preferred: [] });

    const uploaded = await api
      .as(world.editor)
      .post(scansOf(world), { files: [{ path: 'web/package.json', content: PACKAGE_JSON }] });
    const summary = scanSummarySchema.parse(expectStatus(uploaded, 201));
    expect(summary).toMatchObject({ source: 'upload', files: 1, dependencies: 3, project_id: null });

    const drift: Drift = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(drift.scan?.id).toBe(summary.id);
    expect(drift.avoided).toEqual([
      {
        dependency: expect.objectContaining({ name: 'moment', file: 'web/package.json', line: 4 }),
        tool: {
          workspace_tool_id: world.moment,
          slug: 'moment',
          name: 'Moment.js',
          note: 'Unmaintained',
          category: 'Dates',
        },
        matched_by: 'package',
        preferred: [{ workspace_tool_id: world.dateFns, slug: 'date-fns', name: 'date-fns' }],
      },
    ]);
    expect(drift.unknown).toEqual([
      {
        dependency: expect.objectContaining({ ecosystem: 'npm', name: 'left-pad', line: 6 }),
        add_url: 'https://www.npmjs.com/package/left-pad',
      },
    ]);
    expect(drift.instead_of_preferred).toHaveLength(1);
    expect(drift.instead_of_preferred[0]?.category).toBe('Dates');
    expect(drift.instead_of_preferred[0]?.preferred.map((tool) => tool.slug)).toEqual(['date-fns']);
    expect(drift.instead_of_preferred[0]?.used.map((use) => [use.tool.slug, use.tool.stance])).toEqual([
      ['moment', 'avoid'],
      ['luxon', 'accepted'],
    ]);
  });

  test('drops a category once the code also uses its preferred tool, and a new upload replaces the last', async ({
    api,
  }) => {
    const world = await driftWorld(api);
    const withBoth = JSON.stringify({ dependencies: { luxon: '3', 'date-fns': '4' } });
    expectStatus(
      await api
        .as(world.owner)
        .post(scansOf(world), { files: [{ path: 'package.json', content: PACKAGE_JSON }] }),
      201,
    );
    expectStatus(
      await api
        .as(world.owner)
        .post(scansOf(world), { files: [{ path: 'package.json', content: withBoth }] }),
      201,
    );
    const drift = driftSchema.parse(expectStatus(await api.as(world.editor).get(driftOf(world)), 200));
    expect(drift.scan?.dependencies).toBe(2);
    expect(drift).toMatchObject({ avoided: [], unknown: [], instead_of_preferred: [] });
  });

  test("keeps a project's scan apart from the workspace's and takes the command line's scan result", async ({
    api,
  }) => {
    const world = await driftWorld(api);
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Billing' } }),
      201,
    );
    const scan = {
      files: 1,
      findings: [],
      dependencies: [
        {
          ecosystem: 'npm',
          name: 'moment',
          version: '2',
          resolved: null,
          dev: false,
          kind: 'package',
          file: 'package.json',
          line: 3,
        },
      ],
    };
    const uploaded = await api.as(world.editor).post(scansOf(world), { project_id: project.id, scan });
    expect(scanSummarySchema.parse(expectStatus(uploaded, 201))).toMatchObject({
      source: 'cli',
      project_id: project.id,
    });
    const ofProject = driftSchema.parse(
      expectStatus(await api.as(world.viewer).get(driftOf(world, `?project_id=${project.id}`)), 200),
    );
    expect(ofProject.project).toMatchObject({ id: project.id, name: 'Billing' });
    expect(ofProject.avoided.map((item) => item.tool.slug)).toEqual(['moment']);
    const ofWorkspace = driftSchema.parse(expectStatus(await api.as(world.viewer).get(driftOf(world)), 200));
    expect(ofWorkspace.scan).toBeNull();
  });
});

describe('uploads that are refused', () => {
  const refused = async (api: Harness, body: unknown, status: number, detail: RegExp) => {
    const world = await catalogWorld(api);
    const response = await api.as(world.editor).post(scansOf(world), body);
    expect(problemSchema.parse(expectStatus(response, status)).detail ?? '').toMatch(detail);
  };

  test('answers 400 with the reason for bad files', async ({ api }) => {
    await refused(api, {}, 400, /either files or scan/);
    await refused(api, { files: [] }, 400, /at least one manifest/);
    await refused(
      api,
      { files: Array.from({ length: SCAN_FILES_MAX + 1 }, (_, i) => ({ path: `${i}/go.mod`, content: '' })) },
      400,
      /At most 100 files/,
    );
    await refused(
      api,
      { files: [{ path: 'README.md', content: '# hello' }] },
      400,
      /None of these files is a manifest/,
    );
    await refused(api, { files: [{ path: '../package.json', content: '{}' }] }, 400, /not a path inside/);
    await refused(
      api,
      {
        files: [
          { path: 'package.json', content: '{}' },
          { path: './package.json', content: '{}' },
        ],
      },
      400,
      /given twice/,
    );
    await refused(
      api,
      { files: [{ path: 'package.json', content: 'x'.repeat(600 * 1024) }] },
      400,
      /at most 512 KiB/,
    );
  });

  test('answers 413 for a body over the limit', async ({ api, world }) => {
    const files = Array.from({ length: 10 }, (_, i) => ({
      path: `${i}/package.json`,
      content: 'x'.repeat(500 * 1024),
    }));
    expectStatus(await api.as(world.editor).post(scansOf(world), { files }), 413);
  });

  test('refuses viewers (403) and projects of another workspace (404)', async ({ api, world }) => {
    const other = await catalogWorld(api);
    const files = [{ path: 'package.json', content: PACKAGE_JSON }];
    expectStatus(await api.as(world.viewer).post(scansOf(world), { files }), 403);
    const project = expectStatus<{ id: string }>(
      await api
        .as(other.editor)
        .post('/projects', { workspace_id: other.workspaceId, metadata: { name: 'Theirs' } }),
      201,
    );
    expectStatus(await api.as(world.editor).post(scansOf(world), { project_id: project.id, files }), 404);
    expectStatus(await api.as(world.viewer).get(driftOf(world, `?project_id=${project.id}`)), 404);
  });
});
