import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { submissionListSchema, submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { toolListSchema } from '@stackyard/contracts/tool';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { ingestionTest, siteFixture, submitUrl } from '@stackyard/testing/ingestion-harness';

const test = ingestionTest();
// An API without the allowlist, beside a fixture site of its own.
const unlistedTest = apiTest().extend('site', { scope: 'file' }, siteFixture);

const submit = (harness: Harness, user: TestUser, workspaceId: string, url: string) =>
  submitUrl(harness, user, 'tools', { workspace_id: workspaceId, submitted_url: url });

/** Polls the workspace's submissions until this one has settled. */
async function settled(harness: Harness, user: TestUser, submission: Submission): Promise<Submission> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await harness.as(user).get(`/ingestion/tools/workspace/${submission.workspace_id}`);
    const found = submissionListSchema
      .parse(expectStatus(response, 200))
      .find((item) => item.id === submission.id);
    if (found && !['pending', 'fetching'].includes(found.status)) return found;
    if (Date.now() > deadline) throw new Error(`submission still ${found?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fetchesOf = (site: FixtureServer, path: string) =>
  site.requests().filter((seen) => seen === path).length;

describe('POST /ingestion/tools', () => {
  test('answers pending at once, then the job completes it and the tool is in the catalog', async ({
    api,
    site,
    world,
  }) => {
    const url = `${site.origin}/tool`;
    const submission = await submit(api, world.editor, world.workspaceId, url);
    expect(submission).toMatchObject({
      workspace_id: world.workspaceId,
      submitted_url: url,
      submitted_by_user_id: world.editor.id,
      status: 'pending',
      quarantine_context: null,
      workspace_tool_id: null,
      workspace_tool: null,
    });
    expect(submission.submitted_fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const done = await settled(api, world.viewer, submission);
    expect(done.status).toBe('completed');
    expect(done.workspace_tool_id).not.toBeNull();

    const tools = toolListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`), 200),
    );
    const tool = tools.find((item) => item.workspace_tool_id === done.workspace_tool_id);
    expect(tool).toBeDefined();
    expect(tool?.raw_submitted_url).toBe(url);
    expect(tool?.metadata.name).toBeTruthy();
    expect(tool?.slug).toMatch(/^[a-z0-9-]+$/);
    // The submission names the tool's page, so a list of submissions links to it without asking per tool.
    expect(done.workspace_tool).toEqual({ slug: tool?.slug, name: tool?.metadata.name });
  });

  test('marks a workspace linked to a repository changed and queues its sync; an unlinked one gets no sync', async ({
    api,
    site,
    world,
  }) => {
    const unlinked = await catalogWorld(api);
    await api.db
      .rows(sql`insert into workspace_stores (workspace_id, installation_id, repository_owner, repository_name)
      values (${world.workspaceId}, 7, 'acme', 'stack')`);
    for (const { editor, workspaceId } of [world, unlinked]) {
      const submission = await submit(api, editor, workspaceId, `${site.origin}/tool`);
      expect((await settled(api, editor, submission)).status).toBe('completed');
    }
    // Queued, or already claimed by the sync's worker (which fails it here: this API has no GitHub App).
    const synced = await api.db.rows<{ workspace_id: string }>(sql`
      select distinct payload->>'workspaceId' as workspace_id from jobs where queue = 'store-sync'
        and payload->>'workspaceId' in (${world.workspaceId}, ${unlinked.workspaceId})`);
    expect(synced).toEqual([{ workspace_id: world.workspaceId }]);
    const [store] = await api.db.rows<{ changed: boolean }>(
      sql`select changed_at is not null as changed from workspace_stores where workspace_id = ${world.workspaceId}`,
    );
    expect(store).toEqual({ changed: true });
  });

  test('links a URL the workspace already has to the existing tool, without fetching again', async ({
    api,
    site,
    world,
  }) => {
    const first = await settled(
      api,
      world.editor,
      await submit(api, world.editor, world.workspaceId, `${site.origin}/bare`),
    );
    const fetches = fetchesOf(site, '/bare');
    // The same page, spelled differently: the fingerprint drops tracking parameters and the fragment.
    const again = await settled(
      api,
      world.editor,
      await submit(api, world.owner, world.workspaceId, `${site.origin}/bare?utm_source=x#top`),
    );
    expect(again.status).toBe('completed');
    expect(again.workspace_tool_id).toBe(first.workspace_tool_id);
    expect(fetchesOf(site, '/bare')).toBe(fetches);
    // The second one added nothing, and says so (the command line and MCP report it as already there).
    expect([first.already_saved, again.already_saved]).toEqual([false, true]);
  });

  test("reuses another workspace's fresh metadata without fetching, under a new workspace tool", async ({
    api,
    site,
    world,
  }) => {
    const url = `${site.origin}/twitter`;
    const first = await settled(api, world.editor, await submit(api, world.editor, world.workspaceId, url));
    const fetches = fetchesOf(site, '/twitter');
    const other = await catalogWorld(api);
    const reused = await settled(api, other.editor, await submit(api, other.editor, other.workspaceId, url));
    expect(reused.status).toBe('completed');
    expect(reused.workspace_tool_id).not.toBe(first.workspace_tool_id);
    expect(fetchesOf(site, '/twitter')).toBe(fetches);
    const tools = toolListSchema.parse(
      expectStatus(await api.as(other.viewer).get(`/tools?workspace_id=${other.workspaceId}`), 200),
    );
    expect(tools.map((tool) => tool.workspace_tool_id)).toEqual([reused.workspace_tool_id]);
  });

  test('gives a second tool with the same name a free slug', async ({ api, site, world }) => {
    const a = await settled(
      api,
      world.editor,
      await submit(api, world.editor, world.workspaceId, `${site.origin}/tool`),
    );
    const b = await settled(
      api,
      world.editor,
      await submit(api, world.editor, world.workspaceId, `${site.origin}/tool?variant=2`),
    );
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    const tools = toolListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`), 200),
    );
    const slugs = tools.map((tool) => tool.slug).sort();
    expect(slugs).toHaveLength(2);
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
  });

  test('quarantines a permanent failure with its code and reason', async ({ api, site, world }) => {
    const done = await settled(
      api,
      world.editor,
      await submit(api, world.editor, world.workspaceId, `${site.origin}/status/404`),
    );
    expect(done.status).toBe('quarantined');
    expect(done.quarantine_context?.code).toBe('http_error');
    expect(done.quarantine_context?.message).toContain('404');
    expect(done.workspace_tool_id).toBeNull();
  });

  test('marks a submission failed when transient failures outlast its attempts', async ({
    api,
    site,
    world,
  }) => {
    const done = await settled(
      api,
      world.editor,
      await submit(api, world.editor, world.workspaceId, `${site.origin}/status/500`),
    );
    expect(done.status).toBe('failed');
    expect(done.quarantine_context?.code).toBe('http_error');
  });

  test('quarantines a URL that is no web address at once, without a job', async ({ api, world }) => {
    const submission = await submit(api, world.editor, world.workspaceId, 'ftp://files.example/tool');
    expect(submission.status).toBe('quarantined');
    expect(submission.quarantine_context?.code).toBe('invalid_url');
  });

  test('keeps the suggested comment and hints of the request', async ({ api, world }) => {
    const response = await api.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: 'ftp://hinted.example/',
      pre_ingestion_extracted_data: { ingestion_hints: { suggested_comment: 'Great for demos' } },
    });
    const submission = submissionSchema.parse(expectStatus(response, 202));
    expect(submission.submitted_comment).toBe('Great for demos');
    expect(submission.pre_ingestion_extracted_data?.ingestion_hints?.suggested_comment).toBe(
      'Great for demos',
    );
  });

  test('lists the newest submissions first, as many as `limit` asks', async ({ api, world }) => {
    const urls = ['a', 'b', 'c'].map((name) => `not a url ${name}`);
    for (const url of urls) await submit(api, world.editor, world.workspaceId, url);
    const list = (query: string) =>
      api.as(world.viewer).get(`/ingestion/tools/workspace/${world.workspaceId}${query}`);
    const all = submissionListSchema.parse(expectStatus(await list(''), 200));
    expect(all.map((item) => item.submitted_url)).toEqual([...urls].reverse());
    const newest = submissionListSchema.parse(expectStatus(await list('?limit=2'), 200));
    expect(newest.map((item) => item.submitted_url)).toEqual(
      all.slice(0, 2).map((item) => item.submitted_url),
    );
    for (const bad of ['0', '501', 'x']) expectStatus(await list(`?limit=${bad}`), 400);
  });

  test('refuses viewers and validates the body', async ({ api, site, world }) => {
    const refused = await api
      .as(world.viewer)
      .post('/ingestion/tools', { workspace_id: world.workspaceId, submitted_url: `${site.origin}/tool` });
    expectStatus(refused, 403);
    expectStatus(
      await api.as(world.editor).post('/ingestion/tools', { workspace_id: world.workspaceId }),
      400,
    );
  });
});

describe('without an allowlist', () => {
  unlistedTest(
    'quarantines a loopback URL as blocked_address and never connects',
    async ({ api, site, world }) => {
      const before = site.connections();
      const done = await settled(
        api,
        world.editor,
        await submit(api, world.editor, world.workspaceId, `${site.origin}/tool`),
      );
      expect(done.status).toBe('quarantined');
      expect(done.quarantine_context?.code).toBe('blocked_address');
      expect(site.connections()).toBe(before);
    },
  );
});
