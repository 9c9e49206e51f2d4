import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { attentionListSchema, itemHealthSchema, type ItemHealth } from '@stackyard/contracts/health';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { toolFacts } from '@stackyard/db/schema';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { startFakeLinkSite, type FakeLinkSite } from '@stackyard/testing/fake-link-site';
import { apiTest, serverFixture } from '@stackyard/testing/api-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { DEFAULT_HEALTH_SETTINGS } from './health-context.ts';
import { createHealthWorker, enqueueChecks } from './health.job.ts';
import { listWorkspaceTargets } from './health.repo.ts';

// Link health against a local site answering each case; the loopback site is allowlisted as an intranet
// host, the way a deployment allowlists its own. The API runs no workers: each test runs the queued checks.

// `site`, the link site, one per file. The API runs no workers, so nothing reaches the site once the tests
// are done, whichever of the two closes first.
const test = apiTest({ env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', RUN_WORKERS: 'false' } }).extend(
  'site',
  { scope: 'file' },
  serverFixture(startFakeLinkSite),
);

const quiet = { warn: () => undefined, error: () => undefined };

const settings = {
  ...DEFAULT_HEALTH_SETTINGS,
  allowlist: ['127.0.0.1'],
  hostLimits: { concurrency: 1, spacingMs: 0 },
  pollMs: 50,
  sweepMs: 0,
};

/** Runs the queued checks as a worker process would. */
function runQueuedChecks(api: Harness): Promise<number> {
  return createHealthWorker(api.db.db, settings, quiet).drain();
}

async function resource(
  api: Harness,
  site: FakeLinkSite,
  world: CatalogWorld,
  path: string,
  title = path,
): Promise<string> {
  return seedResource(api.db.db, { workspaceId: world.workspaceId, url: `${site.origin}${path}`, title });
}

/** A tool on the site (named, its slug made of the name) whose facts job stored these facts. */
async function toolWithFacts(
  api: Harness,
  site: FakeLinkSite,
  world: CatalogWorld,
  name: string,
  facts: { source: 'github' | 'npm'; subject: string; data: object },
) {
  const slug = name.toLowerCase().replaceAll(' ', '-');
  const tool = await seedTool(api.db.db, {
    workspaceId: world.workspaceId,
    url: `${site.origin}/ok?case=${slug}`,
    slug,
    name,
  });
  await api.db.db.insert(toolFacts).values({
    toolId: tool.toolId,
    status: 'ok',
    checkedAt: new Date(),
    ...facts,
    data: facts.data as never,
  });
  return tool;
}

async function checkNow(api: Harness, user: TestUser, id: string): Promise<ItemHealth> {
  return itemHealthSchema.parse(expectStatus(await api.as(user).post(`/resources/${id}/health-check`), 200));
}

async function attention(api: Harness, user: TestUser, world: CatalogWorld) {
  const response = await api.as(user).get(`/workspaces/${world.workspaceId}/health`);
  return attentionListSchema.parse(expectStatus(response, 200));
}

describe('checking a link now', () => {
  test('finds a page ok, then asks again conditionally and keeps it ok on 304', async ({
    api,
    site,
    world,
  }) => {
    const id = await resource(api, site, world, '/ok?case=conditional');
    expect(await checkNow(api, world.editor, id)).toMatchObject({
      status: 'ok',
      http_status: 200,
      moved_to: null,
    });
    expect(await checkNow(api, world.editor, id)).toMatchObject({ status: 'ok', http_status: 200 });

    const [first, second] = site.requests('/ok?case=conditional');
    expect(first?.['if-none-match']).toBeUndefined();
    expect(second).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Mon, 02 Nov 2026 10:00:00 GMT',
    });
    const read = resourceSchema.parse(expectStatus(await api.as(world.viewer).get(`/resources/${id}`), 200));
    expect(read.health).toMatchObject({
      status: 'ok',
      url: `${site.origin}/ok?case=conditional`,
      kept: false,
    });
    expect(await attention(api, world.viewer, world)).toEqual([]);
  });

  test('offers the new URL of a permanent redirect; accepting it with an edit takes the item off the list', async ({
    api,
    site,
    world,
  }) => {
    const id = await resource(api, site, world, '/old', 'Old docs');
    const temporary = await resource(api, site, world, '/elsewhere-for-now');
    expect(await checkNow(api, world.editor, id)).toMatchObject({
      status: 'moved',
      moved_to: `${site.origin}/new`,
      http_status: 200,
    });
    expect(await checkNow(api, world.editor, temporary)).toMatchObject({ status: 'ok', moved_to: null });
    expect(await attention(api, world.viewer, world)).toMatchObject([
      { kind: 'resource', id, name: 'Old docs', health: { status: 'moved', moved_to: `${site.origin}/new` } },
    ]);

    expectStatus(await api.as(world.editor).patch(`/resources/${id}`, { url: `${site.origin}/new` }), 200);
    expect(await attention(api, world.viewer, world)).toEqual([]);
    const read = resourceSchema.parse(expectStatus(await api.as(world.viewer).get(`/resources/${id}`), 200));
    expect(read.health).toBeNull();
  });

  test('finds 404 and 410 gone, a tool whose repository is archived and one whose package is deprecated', async ({
    api,
    site,
    world,
  }) => {
    const missing = await resource(api, site, world, '/missing');
    const removed = await resource(api, site, world, '/removed');
    expect(await checkNow(api, world.editor, missing)).toMatchObject({ status: 'gone', http_status: 404 });
    expect(await checkNow(api, world.editor, removed)).toMatchObject({ status: 'gone', http_status: 410 });

    const tool = await toolWithFacts(api, site, world, 'Old tool', {
      source: 'github',
      subject: '',
      data: { archived: true },
    });
    const checked = await api.as(world.editor).post(`/tools/workspace/${tool.workspaceToolId}/health-check`);
    expect(itemHealthSchema.parse(expectStatus(checked, 200))).toMatchObject({ status: 'archived' });
    const read = toolSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${tool.workspaceToolId}`), 200),
    );
    expect(read.health).toMatchObject({ status: 'archived', http_status: 200 });

    // A tool whose npm package's latest version is deprecated, as the facts job stores it.
    const dated = await toolWithFacts(api, site, world, 'Dated tool', {
      source: 'npm',
      subject: 'dated-tool',
      data: { name: 'dated-tool', deprecated: 'Use fresh-tool instead' },
    });
    const datedCheck = await api
      .as(world.editor)
      .post(`/tools/workspace/${dated.workspaceToolId}/health-check`);
    expect(itemHealthSchema.parse(expectStatus(datedCheck, 200))).toMatchObject({ status: 'deprecated' });

    const listed = await attention(api, world.viewer, world);
    expect(listed.map((item) => [item.name, item.health.status]).sort()).toEqual([
      ['/missing', 'gone'],
      ['/removed', 'gone'],
      ['Dated tool', 'deprecated'],
      ['Old tool', 'archived'],
    ]);
  });

  test('is refused to a viewer; another workspace’s member gets 404', async ({ api, site, world }) => {
    const other = await catalogWorld(api);
    const id = await resource(api, site, world, '/ok?case=viewer');
    expectStatus(await api.as(world.viewer).post(`/resources/${id}/health-check`), 403);
    expectStatus(await api.as(world.viewer).post(`/workspaces/${world.workspaceId}/health-check`), 403);
    expectStatus(await api.as(other.editor).post(`/resources/${id}/health-check`), 404);
    expectStatus(await api.as(other.viewer).get(`/workspaces/${world.workspaceId}/health`), 404);
    expect(site.requests('/ok?case=viewer')).toEqual([]);
  });
});

describe('checking a whole workspace', () => {
  test('counts a link failing after three failed checks in a row', async ({ api, site, world }) => {
    const id = await resource(api, site, world, '/broken', 'Flaky');
    for (const round of [1, 2, 3]) {
      const queued = await api.as(world.editor).post(`/workspaces/${world.workspaceId}/health-check`);
      expect(expectStatus(queued, 202)).toEqual({ queued: 1 });
      expect(await runQueuedChecks(api)).toBe(1);
      const listed = await attention(api, world.viewer, world);
      if (round < 3) expect(listed).toEqual([]);
      else
        expect(listed).toMatchObject([
          { id, health: { status: 'failing', http_status: 500, consecutive_failures: 3 } },
        ]);
    }
    expect(site.requests('/broken')).toHaveLength(3);
  });

  test("queues one host's checks due one host spacing apart, other hosts' at once", async ({
    api,
    site,
    world,
  }) => {
    for (const n of [1, 2, 3]) await resource(api, site, world, `/ok?case=spaced-${n}`);
    await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin.replace('127.0.0.1', 'localhost')}/ok?case=spaced-other-host`,
      title: 'Other host',
    });
    const targets = await listWorkspaceTargets(api.db.db, world.workspaceId);
    expect(targets).toHaveLength(4);
    await enqueueChecks(api.db.db, targets, { spacingMs: 2000 });
    const jobs = await api.db.rows<{ host: string; after_ms: number }>(
      sql`select host, round(extract(epoch from run_at - min(run_at) over ()) * 1000)::int as after_ms
        from jobs where queue = 'link-health' and state = 'queued'
          and payload->>'id' in (select id::text from resources where workspace_id = ${world.workspaceId})
        order by host, run_at`,
    );
    expect(jobs).toEqual([
      { host: '127.0.0.1', after_ms: 0 },
      { host: '127.0.0.1', after_ms: 2000 },
      { host: '127.0.0.1', after_ms: 4000 },
      { host: 'localhost', after_ms: 0 },
    ]);
    // Run now, so the later tests of this file find no check of this workspace still queued.
    await api.db.db.execute(
      sql`update jobs set run_at = now() where queue = 'link-health' and state = 'queued'`,
    );
    await runQueuedChecks(api);
  });

  test('does not queue an item twice while its check waits', async ({ api, site, world }) => {
    await resource(api, site, world, '/ok?case=twice');
    const path = `/workspaces/${world.workspaceId}/health-check`;
    expect(expectStatus(await api.as(world.editor).post(path), 202)).toEqual({ queued: 1 });
    expect(expectStatus(await api.as(world.owner).post(path), 202)).toEqual({ queued: 0 });
    await runQueuedChecks(api);
    expect(site.requests('/ok?case=twice')).toHaveLength(1);
  });
});

describe('the periodic sweep', () => {
  test('queues the links never checked and those checked longer ago than the interval', async ({
    api,
    site,
    world,
  }) => {
    const fresh = await resource(api, site, world, '/ok?case=sweep-fresh');
    const stale = await resource(api, site, world, '/ok?case=sweep-stale');
    await checkNow(api, world.editor, fresh);
    await checkNow(api, world.editor, stale);
    await api.db.db.execute(
      sql`update item_health set checked_at = now() - interval '8 days' where resource_id = ${stale}`,
    );
    await resource(api, site, world, '/ok?case=sweep-never');

    const worker = createHealthWorker(api.db.db, settings, quiet);
    expect(await worker.sweep()).toBeGreaterThanOrEqual(2);
    await worker.drain();
    expect(site.requests('/ok?case=sweep-never')).toHaveLength(1);
    expect(site.requests('/ok?case=sweep-stale')).toHaveLength(2);
    expect(site.requests('/ok?case=sweep-fresh')).toHaveLength(1);
  });

  test('leaves its checks behind those a member asks for with "Check all links now"', async ({
    api,
    site,
  }) => {
    const swept = await catalogWorld(api);
    const backlog = await Promise.all(
      [1, 2, 3].map((n) => resource(api, site, swept, `/ok?case=sweep-backlog-${n}`)),
    );
    // A sweeper that runs nothing itself: the checks wait in the queue for the worker below.
    const sweeper = createHealthWorker(api.db.db, { ...settings, concurrency: 0 }, quiet);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(3);

    const asking = await catalogWorld(api);
    const asked = await resource(api, site, asking, '/ok?case=asked-after-sweep');
    const path = `/workspaces/${asking.workspaceId}/health-check`;
    expect(expectStatus(await api.as(asking.editor).post(path), 202)).toEqual({ queued: 1 });
    await createHealthWorker(api.db.db, { ...settings, concurrency: 1 }, quiet).drain();

    const checked = await api.db.rows<{ resource_id: string; checked_at: string }>(
      sql`select resource_id, checked_at::text from item_health
        where resource_id in (${sql.join(
          [asked, ...backlog].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by checked_at, resource_id`,
    );
    expect(checked.map((row) => row.resource_id)[0]).toBe(asked);
    expect(checked).toHaveLength(4);
  });
});

describe('marking an item as kept', () => {
  test('takes it off the list until a check finds another status', async ({ api, site, world }) => {
    const id = await resource(api, site, world, '/missing?case=kept', 'Kept');
    expectStatus(await api.as(world.editor).post(`/resources/${id}/health/keep`), 409);
    await checkNow(api, world.editor, id);
    expectStatus(await api.as(world.viewer).post(`/resources/${id}/health/keep`), 403);
    const kept = itemHealthSchema.parse(
      expectStatus(await api.as(world.editor).post(`/resources/${id}/health/keep`), 200),
    );
    expect(kept).toMatchObject({ status: 'gone', kept: true });
    expect(await attention(api, world.viewer, world)).toEqual([]);

    // Gone again: still kept. Then moved: listed again.
    expect(await checkNow(api, world.editor, id)).toMatchObject({ status: 'gone', kept: true });
    expectStatus(
      await api.as(world.editor).patch(`/resources/${id}`, { url: `${site.origin}/old?case=kept` }),
      200,
    );
    expect(await checkNow(api, world.editor, id)).toMatchObject({ status: 'moved', kept: false });
    expect(await attention(api, world.viewer, world)).toMatchObject([{ id, health: { status: 'moved' } }]);
  });
});
