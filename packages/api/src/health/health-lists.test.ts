import { describe, expect } from 'vitest';
import { resourceListSchema } from '@stackyard/contracts/resource';
import { toolListSchema } from '@stackyard/contracts/tool';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { startFakeLinkSite } from '@stackyard/testing/fake-link-site';
import { apiTest, serverFixture } from '@stackyard/testing/api-fixtures';
import { DEFAULT_HEALTH_SETTINGS } from './health-context.ts';
import { createHealthWorker } from './health.job.ts';

// The lists of tools and resources answer each item's health as its own answer does, against a local site.

// `site`, the link site, one per file. The API runs no workers, so nothing reaches the site once the tests
// are done, whichever of the two closes first.
const test = apiTest({ env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', RUN_WORKERS: 'false' } }).extend(
  'site',
  { scope: 'file' },
  serverFixture(startFakeLinkSite),
);

describe('health in list answers', () => {
  test('shows a gone resource as gone, a moved one as moved and an unchecked one as not checked', async ({
    api,
    site,
    world,
  }) => {
    const seed = (path: string) =>
      seedResource(api.db.db, { workspaceId: world.workspaceId, url: `${site.origin}${path}`, title: path });
    const gone = await seed('/missing?case=list');
    const moved = await seed('/old?case=list');
    const unchecked = await seed('/ok?case=list-unchecked');
    for (const id of [gone, moved])
      expectStatus(await api.as(world.editor).post(`/resources/${id}/health-check`), 200);

    const listed = resourceListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}`), 200),
    );
    const byId = new Map(listed.map((item) => [item.workspace_resource_id, item.health]));
    expect(byId.get(gone)).toMatchObject({
      status: 'gone',
      http_status: 404,
      url: `${site.origin}/missing?case=list`,
      kept: false,
    });
    expect(byId.get(moved)).toMatchObject({ status: 'moved', moved_to: `${site.origin}/new` });
    expect(byId.get(unchecked)).toBeNull();
    const one = expectStatus(await api.as(world.viewer).get(`/resources/${gone}`), 200) as {
      health: unknown;
    };
    expect(byId.get(gone)).toEqual(one.health);

    // Kept as gone: the list says so, as the item's answer does.
    expectStatus(await api.as(world.editor).post(`/resources/${gone}/health/keep`), 200);
    const again = resourceListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}`), 200),
    );
    expect(again.find((item) => item.workspace_resource_id === gone)?.health).toMatchObject({
      status: 'gone',
      kept: true,
    });
  });

  test('shows a gone tool as gone until its homepage is edited to another URL', async ({
    api,
    site,
    world,
  }) => {
    const tool = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/removed?case=list-tool`,
      slug: 'lost-tool',
      name: 'Lost tool',
    });
    await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/ok?case=list-other-tool`,
      slug: 'other-tool',
      name: 'Other tool',
    });
    expectStatus(
      await api.as(world.editor).post(`/tools/workspace/${tool.workspaceToolId}/health-check`),
      200,
    );

    const list = async () =>
      toolListSchema.parse(
        expectStatus(
          await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}&sort=name`),
          200,
        ),
      );
    expect((await list()).map((item) => [item.slug, item.health?.status ?? null])).toEqual([
      ['lost-tool', 'gone'],
      ['other-tool', null],
    ]);
    expect((await list())[0]?.health).toMatchObject({
      http_status: 410,
      url: `${site.origin}/removed?case=list-tool`,
    });

    const edit = { homepage_url: `${site.origin}/ok?case=list-tool-new` };
    expectStatus(await api.as(world.editor).patch(`/tools/workspace/${tool.workspaceToolId}`, edit), 200);
    expect((await list())[0]?.health).toBeNull();
  });

  test('lists what the worker found when it checks a whole workspace, its jobs reading and writing together', async ({
    api,
    site,
    world,
  }) => {
    const urls = ['/missing?case=batch', '/old?case=batch', '/ok?case=batch', '/removed?case=batch'];
    for (const path of urls)
      await seedResource(api.db.db, {
        workspaceId: world.workspaceId,
        url: `${site.origin}${path}`,
        title: path,
      });
    await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/missing?case=batch-tool`,
      slug: 'batch-tool',
      name: 'Batch tool',
    });
    const queued = await api.as(world.editor).post(`/workspaces/${world.workspaceId}/health-check`);
    expect(expectStatus(queued, 202)).toEqual({ queued: 5 });
    // One host here: it may take every check at once, so the jobs share their statements.
    const settings = {
      ...DEFAULT_HEALTH_SETTINGS,
      allowlist: ['127.0.0.1'],
      hostLimits: { concurrency: 8, spacingMs: 0 },
      sweepMs: 0,
      pollMs: 50,
    };
    const quiet = { warn: () => undefined, error: () => undefined };
    expect(await createHealthWorker(api.db.db, settings, quiet).drain()).toBe(5);

    const resources = resourceListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}`), 200),
    );
    expect(resources.map((item) => [item.raw_submitted_url, item.health?.status]).sort()).toEqual([
      [`${site.origin}/missing?case=batch`, 'gone'],
      [`${site.origin}/ok?case=batch`, 'ok'],
      [`${site.origin}/old?case=batch`, 'moved'],
      [`${site.origin}/removed?case=batch`, 'gone'],
    ]);
    const tools = toolListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`), 200),
    );
    expect(tools.map((item) => [item.slug, item.health?.status])).toEqual([['batch-tool', 'gone']]);
  });
});
