import { describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { toolFactsSchema, type ToolFacts } from '@stackyard/contracts/facts';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { factsTest } from '@stackyard/testing/facts-api';
import { fakeRepo, type FakeFactsUpstreams } from '@stackyard/testing/fake-facts-upstreams';
import { INGESTION_ENV, siteFixture } from '@stackyard/testing/ingestion-harness';

let counter = 0;

const test = factsTest({ env: INGESTION_ENV })
  // The fixture site serves the page of the submitted tool whose facts are fetched once it completes.
  .extend('site', { scope: 'file' }, siteFixture)
  // One workspace for the file: each test adds tools of its own and reads only those.
  .extend('workspace', { scope: 'file' }, async ({ api, refresh }) => {
    const world = await catalogWorld(api);

    /** A tool of the workspace whose forge is this GitHub repository (and whose page is `url`). */
    const tool = (repo: string | null, url = `https://tool.example/${counter++}`) =>
      seedTool(api.db.db, {
        workspaceId: world.workspaceId,
        url,
        slug: `tool-${counter++}`,
        name: 'Tool',
        forgeUrl: repo ? `https://github.com/${repo}` : null,
      });

    /** Such a tool, its facts refreshed once. */
    const refreshedTool = async (repo: string | null, url?: string) => {
      const seeded = await tool(repo, url);
      await refresh(seeded.toolId);
      return seeded;
    };

    const factsOf = async (workspaceToolId: string): Promise<ToolFacts> => {
      const body = expectStatus<unknown>(
        await api.as(world.viewer).get(`/tools/workspace/${workspaceToolId}/facts`),
        200,
      );
      return toolFactsSchema.parse(body);
    };

    return { world, tool, refreshedTool, factsOf };
  });

const githubRequests = (fake: FakeFactsUpstreams, repo: string) =>
  fake.requests.filter((r) => r.path.startsWith(`/github/repos/${repo}`));

describe('refreshing facts against the upstream fakes', () => {
  test('reads the repository, its Scorecard, the packages it publishes and the linked ones', async ({
    fake,
    refresh,
    workspace: { tool, factsOf },
  }) => {
    fake.addRepo(
      fakeRepo('acme/rocket', {
        stars: 5120,
        topics: ['build', 'bundler'],
        contributors: 318,
        project: { scorecard: 7.4, packages: [{ system: 'NPM', name: '@acme/rocket', version: '3.2.1' }] },
      }),
    );
    fake.npm.set('@acme/rocket', {
      name: '@acme/rocket',
      version: '3.2.1',
      license: 'MIT',
      dependencies: { a: '1', b: '2' },
      types: './index.d.ts',
      keywords: ['static-site', ' bundler ', 'static-site', ''],
      deprecated: ' Use @acme/rocket-next instead ',
      published: '2026-11-20T08:00:00Z',
      weekly: 120_000,
      monthly: 500_000,
    });
    fake.pypi.set('rocket-py', {
      name: 'rocket-py',
      version: '1.4.0',
      license: 'Apache-2.0',
      requires: ['httpx>=0.27', 'rich; extra == "cli"'],
      uploaded: '2026-09-01T12:00:00Z',
    });
    const { toolId, workspaceToolId } = await tool('acme/rocket', 'https://pypi.org/project/rocket-py/');
    const stats = await refresh(toolId);
    expect(stats.saved).toBe(0);

    const facts = await factsOf(workspaceToolId);
    expect(facts.repository).toMatchObject({
      full_name: 'acme/rocket',
      stars: 5120,
      license: 'MIT',
      topics: ['build', 'bundler'],
      archived: false,
      latest_release: { tag: 'v1.0.0', date: '2026-10-01T10:00:00.000Z' },
      contributors: 318,
      scorecard: 7.4,
    });
    const byName = new Map(facts.packages.map((p) => [p.name, p]));
    expect(byName.get('@acme/rocket')).toMatchObject({
      ecosystem: 'npm',
      source: 'npm',
      latest_version: '3.2.1',
      released_at: '2026-11-20T08:00:00.000Z',
      weekly_downloads: 120_000,
      monthly_downloads: 500_000,
      dependencies: 2,
      types_bundled: true,
      scorecard: 7.4,
      keywords: ['static-site', 'bundler'],
      deprecated: 'Use @acme/rocket-next instead',
    });
    expect(byName.get('rocket-py')).toMatchObject({
      ecosystem: 'pypi',
      latest_version: '1.4.0',
      license: 'Apache-2.0',
      dependencies: 1,
      weekly_downloads: null,
    });
    // A registry that lists no keywords adds no field.
    expect(byName.get('rocket-py')).not.toHaveProperty('keywords');
    expect(byName.get('rocket-py')).not.toHaveProperty('deprecated');
    expect(facts.sources.map((s) => [s.source, s.package, s.status])).toEqual(
      expect.arrayContaining([
        ['github', null, 'ok'],
        ['deps.dev', null, 'ok'],
        ['npm', 'npm:@acme/rocket', 'ok'],
        ['pypi', 'pypi:rocket-py', 'ok'],
      ]),
    );
    expect(facts.refreshed_at).not.toBeNull();
  });

  test('asks GitHub with If-None-Match the second time: 304s keep the facts and count as saved', async ({
    fake,
    refresh,
    workspace: { refreshedTool, factsOf },
  }) => {
    fake.addRepo(fakeRepo('acme/steady', { stars: 77 }));
    const { toolId, workspaceToolId } = await refreshedTool('acme/steady');
    const first = await factsOf(workspaceToolId);
    const again = await refresh(toolId);
    expect(again.saved).toBe(3);
    const conditional = githubRequests(fake, 'acme/steady').slice(-3);
    expect(conditional.map((r) => r.status)).toEqual([304, 304, 304]);
    expect(conditional.every((r) => typeof r.headers['if-none-match'] === 'string')).toBe(true);
    const second = await factsOf(workspaceToolId);
    expect(second.repository?.stars).toBe(77);
    expect((second.repository?.fetched_at ?? '') >= (first.repository?.fetched_at ?? 'z')).toBe(true);

    // A change upstream is a new ETag: the new facts are read.
    fake.addRepo(fakeRepo('acme/steady', { stars: 78 }));
    const changed = await refresh(toolId);
    expect(changed.saved).toBe(2);
    expect((await factsOf(workspaceToolId)).repository?.stars).toBe(78);
  });

  test('sends the GitHub token when one is configured', async ({
    fake,
    factsContext,
    refresh,
    workspace: { tool },
  }) => {
    fake.addRepo(fakeRepo('acme/private-ish'));
    const { toolId } = await tool('acme/private-ish');
    await refresh(toolId, factsContext('ghp_secret123'));
    expect(githubRequests(fake, 'acme/private-ish')[0]?.headers.authorization).toBe('Bearer ghp_secret123');
  });

  test('honours a rate limit with retry-after: keeps the facts, pauses GitHub, and comes back later', async ({
    fake,
    factsContext,
    refresh,
    workspace: { tool, factsOf },
  }) => {
    fake.addRepo(fakeRepo('acme/limited', { stars: 10 }));
    const { toolId, workspaceToolId } = await tool('acme/limited');
    const shared = factsContext();
    await refresh(toolId, shared);
    fake.fail(/^\/github\/repos\/acme\/limited$/, {
      status: 403,
      headers: { 'retry-after': '120' },
      body: { message: 'You have exceeded a secondary rate limit.' },
    });
    const limited = await refresh(toolId, shared);
    expect(limited.retryAfterMs).toBe(120_000);
    const facts = await factsOf(workspaceToolId);
    expect(facts.repository?.stars).toBe(10);
    expect(facts.sources.find((s) => s.source === 'github')).toMatchObject({
      status: 'rate_limited',
      error: expect.stringContaining('120 s'),
    });

    // While paused, another tool's refresh does not ask GitHub at all.
    fake.addRepo(fakeRepo('acme/waiting'));
    const other = await tool('acme/waiting');
    const before = fake.requests.length;
    const paused = await refresh(other.toolId, shared);
    expect(githubRequests(fake, 'acme/waiting')).toHaveLength(0);
    expect(paused.retryAfterMs).toBeGreaterThan(100_000);
    expect(fake.requests.length).toBeGreaterThan(before); // deps.dev was still asked
  });

  test('records a repository that does not exist, and still reads the linked package', async ({
    fake,
    workspace: { refreshedTool, factsOf },
  }) => {
    fake.npm.set('lonely', {
      name: 'lonely',
      version: '0.1.0',
      license: 'ISC',
      dependencies: {},
      published: '2026-01-01T00:00:00Z',
      weekly: null,
      monthly: null,
    });
    const { workspaceToolId } = await refreshedTool('acme/gone', 'https://www.npmjs.com/package/lonely');
    const facts = await factsOf(workspaceToolId);
    expect(facts.repository).toBeNull();
    expect(facts.sources.find((s) => s.source === 'github')).toMatchObject({
      status: 'not_found',
      error: 'The repository acme/gone was not found on GitHub.',
    });
    // A package without downloads: the numbers are unknown, not a failure.
    expect(facts.packages).toEqual([
      expect.objectContaining({
        name: 'lonely',
        weekly_downloads: null,
        monthly_downloads: null,
        types_bundled: false,
      }),
    ]);
    expect(facts.sources.find((s) => s.source === 'npm')?.status).toBe('ok');
  });

  test('shows an archived repository as archived', async ({
    fake,
    workspace: { refreshedTool, factsOf },
  }) => {
    fake.addRepo(fakeRepo('acme/old', { archived: true, release: null }));
    const { workspaceToolId } = await refreshedTool('acme/old');
    const facts = await factsOf(workspaceToolId);
    expect(facts.repository).toMatchObject({ archived: true, latest_release: null });
  });

  test('keeps the last facts of a registry that answers 5xx, and says so', async ({
    fake,
    refresh,
    workspace: { refreshedTool, factsOf },
  }) => {
    fake.crates.set('ferris', {
      name: 'ferris',
      version: '2.0.0',
      license: 'MIT OR Apache-2.0',
      created: '2026-06-01T00:00:00Z',
      daily: Array.from({ length: 40 }, () => 10),
      dependencies: 3,
    });
    const { toolId, workspaceToolId } = await refreshedTool(null, 'https://crates.io/crates/ferris');
    expect((await factsOf(workspaceToolId)).packages[0]).toMatchObject({
      ecosystem: 'cargo',
      weekly_downloads: 70,
      monthly_downloads: 300,
      dependencies: 3,
    });
    fake.fail(/^\/crates\/api\/v1\/crates\/ferris$/, { status: 503 });
    await refresh(toolId);
    const facts = await factsOf(workspaceToolId);
    expect(facts.packages[0]).toMatchObject({ name: 'ferris', latest_version: '2.0.0' });
    expect(facts.sources[0]).toMatchObject({
      source: 'crates',
      status: 'failed',
      error: 'crates answered 503.',
    });
  });

  test('reads Go, Maven, NuGet and RubyGems packages through deps.dev', async ({
    fake,
    workspace: { refreshedTool, factsOf },
  }) => {
    fake.depsDev.set('GO:github.com/acme/gopher', {
      system: 'GO',
      name: 'github.com/acme/gopher',
      version: 'v1.9.0',
      published: '2026-05-05T05:05:05Z',
      licenses: ['BSD-3-Clause'],
      directDependencies: 4,
    });
    const { workspaceToolId } = await refreshedTool(null, 'https://pkg.go.dev/github.com/acme/gopher');
    expect((await factsOf(workspaceToolId)).packages[0]).toMatchObject({
      ecosystem: 'go',
      source: 'deps.dev',
      latest_version: 'v1.9.0',
      license: 'BSD-3-Clause',
      dependencies: 4,
    });
  });
});

describe('the facts routes and job', () => {
  test('fetches a tool’s facts after its submission completes', async ({
    api,
    site,
    workspace: { world, factsOf },
  }) => {
    const submitted = expectStatus<{ id: string }>(
      await api.as(world.editor).post('/ingestion/tools', {
        workspace_id: world.workspaceId,
        submitted_url: `${site.origin}/tool`,
      }),
      202,
    );
    const toolOf = async () => {
      const list = expectStatus<Array<{ id: string; workspace_tool_id: string | null }>>(
        await api.as(world.editor).get(`/ingestion/tools/workspace/${world.workspaceId}`),
        200,
      );
      return list.find((item) => item.id === submitted.id)?.workspace_tool_id ?? null;
    };
    await expect.poll(toolOf, { timeout: 15_000 }).not.toBeNull();
    const workspaceToolId = (await toolOf()) ?? '';
    await expect
      .poll(async () => (await factsOf(workspaceToolId)).refreshed_at, { timeout: 10_000 })
      .not.toBeNull();
  });

  test('an editor queues a refresh that the worker runs; a viewer may not', async ({
    api,
    fake,
    workspace: { world, tool, factsOf },
  }) => {
    fake.addRepo(fakeRepo('acme/queued', { stars: 9 }));
    const { workspaceToolId } = await tool('acme/queued');
    const refused = await api.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/facts/refresh`);
    expect(refused.statusCode).toBe(403);
    const queued = toolFactsSchema.parse(
      expectStatus(await api.as(world.editor).post(`/tools/workspace/${workspaceToolId}/facts/refresh`), 202),
    );
    expect(queued.refresh_queued).toBe(true);
    await expect
      .poll(async () => (await factsOf(workspaceToolId)).repository?.stars, { timeout: 10_000 })
      .toBe(9);
    expect((await factsOf(workspaceToolId)).refresh_queued).toBe(false);
  });

  test('answers 404 for a tool of another workspace', async ({ api, workspace: { world } }) => {
    const other = await catalogWorld(api);
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: other.workspaceId,
      url: 'https://elsewhere.example',
      slug: 'elsewhere',
    });
    const response = await api.as(world.owner).get(`/tools/workspace/${workspaceToolId}/facts`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'Tool not found' });
  });

  test('the periodic sweep queues tools whose facts are older than the max age', async ({
    api,
    fake,
    workspace: { refreshedTool },
  }) => {
    fake.addRepo(fakeRepo('acme/stale'));
    const { toolId } = await refreshedTool('acme/stale');
    await api.db.db.execute(
      sql`update tool_fact_refreshes set refreshed_at = now() - interval '8 days' where tool_id = ${toolId}`,
    );
    const { findStaleTools } = await import('./facts.repo.ts');
    const stale = await findStaleTools(api.db.db, new Date(Date.now() - 7 * 86_400_000), 10_000);
    expect(stale).toContain(toolId);
  });
});
