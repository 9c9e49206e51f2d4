import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attentionListSchema, itemHealthSchema, type ItemHealth } from '@stackyard/contracts/health';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { toolFacts } from '@stackyard/db/schema';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { startFakeLinkSite, type FakeLinkSite } from '@stackyard/testing/fake-link-site';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';
import { DEFAULT_HEALTH_SETTINGS } from './health-context.ts';
import { createHealthWorker, enqueueChecks } from './health.job.ts';
import { listWorkspaceTargets } from './health.repo.ts';

// Link health against a local site answering each case; the loopback site is allowlisted as an intranet
// host, the way a deployment allowlists its own. The API runs no workers: each test runs the queued checks.

let h: Harness;
let site: FakeLinkSite;

beforeAll(async () => {
  site = await startFakeLinkSite();
  h = await createHarness({ env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', RUN_WORKERS: 'false' } });
});

afterAll(async () => {
  await h.closeChecked();
  await site.close();
});

const quiet = { warn: () => undefined, error: () => undefined };

const settings = {
  ...DEFAULT_HEALTH_SETTINGS,
  allowlist: ['127.0.0.1'],
  hostLimits: { concurrency: 1, spacingMs: 0 },
  pollMs: 50,
  sweepMs: 0,
};

/** Runs the queued checks as a worker process would. */
function runQueuedChecks(): Promise<number> {
  return createHealthWorker(h.db.db, settings, quiet).drain();
}

async function resource(world: CatalogWorld, path: string, title = path): Promise<string> {
  return seedResource(h.db.db, { workspaceId: world.workspaceId, url: `${site.origin}${path}`, title });
}

async function checkNow(user: TestUser, id: string): Promise<ItemHealth> {
  return itemHealthSchema.parse(expectStatus(await h.as(user).post(`/resources/${id}/health-check`), 200));
}

async function attention(user: TestUser, world: CatalogWorld) {
  const response = await h.as(user).get(`/workspaces/${world.workspaceId}/health`);
  return attentionListSchema.parse(expectStatus(response, 200));
}

describe('checking a link now', () => {
  it('finds a page ok, then asks again conditionally and keeps it ok on 304', async () => {
    const world = await catalogWorld(h);
    const id = await resource(world, '/ok?case=conditional');
    expect(await checkNow(world.editor, id)).toMatchObject({
      status: 'ok',
      http_status: 200,
      moved_to: null,
    });
    expect(await checkNow(world.editor, id)).toMatchObject({ status: 'ok', http_status: 200 });

    const [first, second] = site.requests('/ok?case=conditional');
    expect(first?.['if-none-match']).toBeUndefined();
    expect(second).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Mon, 02 Nov 2026 10:00:00 GMT',
    });
    const read = resourceSchema.parse(expectStatus(await h.as(world.viewer).get(`/resources/${id}`), 200));
    expect(read.health).toMatchObject({
      status: 'ok',
      url: `${site.origin}/ok?case=conditional`,
      kept: false,
    });
    expect(await attention(world.viewer, world)).toEqual([]);
  });

  it('offers the new URL of a permanent redirect; accepting it with an edit takes the item off the list', async () => {
    const world = await catalogWorld(h);
    const id = await resource(world, '/old', 'Old docs');
    const temporary = await resource(world, '/elsewhere-for-now');
    expect(await checkNow(world.editor, id)).toMatchObject({
      status: 'moved',
      moved_to: `${site.origin}/new`,
      http_status: 200,
    });
    expect(await checkNow(world.editor, temporary)).toMatchObject({ status: 'ok', moved_to: null });
    expect(await attention(world.viewer, world)).toMatchObject([
      { kind: 'resource', id, name: 'Old docs', health: { status: 'moved', moved_to: `${site.origin}/new` } },
    ]);

    expectStatus(await h.as(world.editor).patch(`/resources/${id}`, { url: `${site.origin}/new` }), 200);
    expect(await attention(world.viewer, world)).toEqual([]);
    const read = resourceSchema.parse(expectStatus(await h.as(world.viewer).get(`/resources/${id}`), 200));
    expect(read.health).toBeNull();
  });

  it('finds 404 and 410 gone, a tool whose repository is archived and one whose package is deprecated', async () => {
    const world = await catalogWorld(h);
    const missing = await resource(world, '/missing');
    const removed = await resource(world, '/removed');
    expect(await checkNow(world.editor, missing)).toMatchObject({ status: 'gone', http_status: 404 });
    expect(await checkNow(world.editor, removed)).toMatchObject({ status: 'gone', http_status: 410 });

    const tool = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/ok?case=archived-tool`,
      slug: 'old-tool',
      name: 'Old tool',
    });
    await h.db.db.insert(toolFacts).values({
      toolId: tool.toolId,
      source: 'github',
      subject: '',
      status: 'ok',
      checkedAt: new Date(),
      data: { archived: true } as never,
    });
    const checked = await h.as(world.editor).post(`/tools/workspace/${tool.workspaceToolId}/health-check`);
    expect(itemHealthSchema.parse(expectStatus(checked, 200))).toMatchObject({ status: 'archived' });
    const read = toolSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${tool.workspaceToolId}`), 200),
    );
    expect(read.health).toMatchObject({ status: 'archived', http_status: 200 });

    // A tool whose npm package's latest version is deprecated, as the facts job stores it.
    const dated = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/ok?case=deprecated-tool`,
      slug: 'dated-tool',
      name: 'Dated tool',
    });
    await h.db.db.insert(toolFacts).values({
      toolId: dated.toolId,
      source: 'npm',
      subject: 'dated-tool',
      status: 'ok',
      checkedAt: new Date(),
      data: { name: 'dated-tool', deprecated: 'Use fresh-tool instead' } as never,
    });
    const datedCheck = await h
      .as(world.editor)
      .post(`/tools/workspace/${dated.workspaceToolId}/health-check`);
    expect(itemHealthSchema.parse(expectStatus(datedCheck, 200))).toMatchObject({ status: 'deprecated' });

    const listed = await attention(world.viewer, world);
    expect(listed.map((item) => [item.name, item.health.status]).sort()).toEqual([
      ['/missing', 'gone'],
      ['/removed', 'gone'],
      ['Dated tool', 'deprecated'],
      ['Old tool', 'archived'],
    ]);
  });

  it('is refused to a viewer; another workspace’s member gets 404', async () => {
    const world = await catalogWorld(h);
    const other = await catalogWorld(h);
    const id = await resource(world, '/ok?case=viewer');
    expectStatus(await h.as(world.viewer).post(`/resources/${id}/health-check`), 403);
    expectStatus(await h.as(world.viewer).post(`/workspaces/${world.workspaceId}/health-check`), 403);
    expectStatus(await h.as(other.editor).post(`/resources/${id}/health-check`), 404);
    expectStatus(await h.as(other.viewer).get(`/workspaces/${world.workspaceId}/health`), 404);
    expect(site.requests('/ok?case=viewer')).toEqual([]);
  });
});

describe('checking a whole workspace', () => {
  it('counts a link failing after three failed checks in a row', async () => {
    const world = await catalogWorld(h);
    const id = await resource(world, '/broken', 'Flaky');
    for (const round of [1, 2, 3]) {
      const queued = await h.as(world.editor).post(`/workspaces/${world.workspaceId}/health-check`);
      expect(expectStatus(queued, 202)).toEqual({ queued: 1 });
      expect(await runQueuedChecks()).toBe(1);
      const listed = await attention(world.viewer, world);
      if (round < 3) expect(listed).toEqual([]);
      else
        expect(listed).toMatchObject([
          { id, health: { status: 'failing', http_status: 500, consecutive_failures: 3 } },
        ]);
    }
    expect(site.requests('/broken')).toHaveLength(3);
  });

  it("queues one host's checks due one host spacing apart, other hosts' at once", async () => {
    const world = await catalogWorld(h);
    for (const n of [1, 2, 3]) await resource(world, `/ok?case=spaced-${n}`);
    await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin.replace('127.0.0.1', 'localhost')}/ok?case=spaced-other-host`,
      title: 'Other host',
    });
    const targets = await listWorkspaceTargets(h.db.db, world.workspaceId);
    expect(targets).toHaveLength(4);
    await enqueueChecks(h.db.db, targets, { spacingMs: 2000 });
    const jobs = await h.db.rows<{ host: string; after_ms: number }>(
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
    await h.db.db.execute(
      sql`update jobs set run_at = now() where queue = 'link-health' and state = 'queued'`,
    );
    await runQueuedChecks();
  });

  it('does not queue an item twice while its check waits', async () => {
    const world = await catalogWorld(h);
    await resource(world, '/ok?case=twice');
    const path = `/workspaces/${world.workspaceId}/health-check`;
    expect(expectStatus(await h.as(world.editor).post(path), 202)).toEqual({ queued: 1 });
    expect(expectStatus(await h.as(world.owner).post(path), 202)).toEqual({ queued: 0 });
    await runQueuedChecks();
    expect(site.requests('/ok?case=twice')).toHaveLength(1);
  });
});

describe('the periodic sweep', () => {
  it('queues the links never checked and those checked longer ago than the interval', async () => {
    const world = await catalogWorld(h);
    const fresh = await resource(world, '/ok?case=sweep-fresh');
    const stale = await resource(world, '/ok?case=sweep-stale');
    await checkNow(world.editor, fresh);
    await checkNow(world.editor, stale);
    await h.db.db.execute(
      sql`update item_health set checked_at = now() - interval '8 days' where resource_id = ${stale}`,
    );
    await resource(world, '/ok?case=sweep-never');

    const worker = createHealthWorker(h.db.db, settings, quiet);
    expect(await worker.sweep()).toBeGreaterThanOrEqual(2);
    await worker.drain();
    expect(site.requests('/ok?case=sweep-never')).toHaveLength(1);
    expect(site.requests('/ok?case=sweep-stale')).toHaveLength(2);
    expect(site.requests('/ok?case=sweep-fresh')).toHaveLength(1);
  });

  it('leaves its checks behind those a member asks for with "Check all links now"', async () => {
    const swept = await catalogWorld(h);
    const backlog = await Promise.all([1, 2, 3].map((n) => resource(swept, `/ok?case=sweep-backlog-${n}`)));
    // A sweeper that runs nothing itself: the checks wait in the queue for the worker below.
    const sweeper = createHealthWorker(h.db.db, { ...settings, concurrency: 0 }, quiet);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(3);

    const asking = await catalogWorld(h);
    const asked = await resource(asking, '/ok?case=asked-after-sweep');
    const path = `/workspaces/${asking.workspaceId}/health-check`;
    expect(expectStatus(await h.as(asking.editor).post(path), 202)).toEqual({ queued: 1 });
    await createHealthWorker(h.db.db, { ...settings, concurrency: 1 }, quiet).drain();

    const checked = await h.db.rows<{ resource_id: string; checked_at: string }>(
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
  it('takes it off the list until a check finds another status', async () => {
    const world = await catalogWorld(h);
    const id = await resource(world, '/missing?case=kept', 'Kept');
    expectStatus(await h.as(world.editor).post(`/resources/${id}/health/keep`), 409);
    await checkNow(world.editor, id);
    expectStatus(await h.as(world.viewer).post(`/resources/${id}/health/keep`), 403);
    const kept = itemHealthSchema.parse(
      expectStatus(await h.as(world.editor).post(`/resources/${id}/health/keep`), 200),
    );
    expect(kept).toMatchObject({ status: 'gone', kept: true });
    expect(await attention(world.viewer, world)).toEqual([]);

    // Gone again: still kept. Then moved: listed again.
    expect(await checkNow(world.editor, id)).toMatchObject({ status: 'gone', kept: true });
    expectStatus(
      await h.as(world.editor).patch(`/resources/${id}`, { url: `${site.origin}/old?case=kept` }),
      200,
    );
    expect(await checkNow(world.editor, id)).toMatchObject({ status: 'moved', kept: false });
    expect(await attention(world.viewer, world)).toMatchObject([{ id, health: { status: 'moved' } }]);
  });
});
