import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionListSchema, submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { toolListSchema } from '@stackyard/contracts/tool';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';
import { createIngestionHarness } from '@stackyard/testing/ingestion-harness';

let h: Harness;
let fixture: FixtureServer;

beforeAll(async () => {
  ({ h, fixture } = await createIngestionHarness());
});

afterAll(() => h.closeChecked());

async function submit(
  harness: Harness,
  user: TestUser,
  workspaceId: string,
  url: string,
): Promise<Submission> {
  const response = await harness
    .as(user)
    .post('/ingestion/tools', { workspace_id: workspaceId, submitted_url: url });
  return submissionSchema.parse(expectStatus(response, 202));
}

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

const fetchesOf = (path: string) => fixture.requests().filter((seen) => seen === path).length;

describe('POST /ingestion/tools', () => {
  let world: CatalogWorld;
  beforeAll(async () => {
    world = await catalogWorld(h);
  });

  it('answers pending at once, then the job completes it and the tool is in the catalog', async () => {
    const url = `${fixture.origin}/tool`;
    const submission = await submit(h, world.editor, world.workspaceId, url);
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

    const done = await settled(h, world.viewer, submission);
    expect(done.status).toBe('completed');
    expect(done.workspace_tool_id).not.toBeNull();

    const tools = toolListSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`), 200),
    );
    const tool = tools.find((item) => item.workspace_tool_id === done.workspace_tool_id);
    expect(tool).toBeDefined();
    expect(tool?.raw_submitted_url).toBe(url);
    expect(tool?.metadata.name).toBeTruthy();
    expect(tool?.slug).toMatch(/^[a-z0-9-]+$/);
    // The submission names the tool's page, so a list of submissions links to it without asking per tool.
    expect(done.workspace_tool).toEqual({ slug: tool?.slug, name: tool?.metadata.name });
  });

  it('links a URL the workspace already has to the existing tool, without fetching again', async () => {
    const first = await settled(
      h,
      world.editor,
      await submit(h, world.editor, world.workspaceId, `${fixture.origin}/bare`),
    );
    const fetches = fetchesOf('/bare');
    // The same page, spelled differently: the fingerprint drops tracking parameters and the fragment.
    const again = await settled(
      h,
      world.editor,
      await submit(h, world.owner, world.workspaceId, `${fixture.origin}/bare?utm_source=x#top`),
    );
    expect(again.status).toBe('completed');
    expect(again.workspace_tool_id).toBe(first.workspace_tool_id);
    expect(fetchesOf('/bare')).toBe(fetches);
    // The second one added nothing, and says so (the command line and MCP report it as already there).
    expect([first.already_saved, again.already_saved]).toEqual([false, true]);
  });

  it("reuses another workspace's fresh metadata without fetching, under a new workspace tool", async () => {
    const url = `${fixture.origin}/twitter`;
    const first = await settled(h, world.editor, await submit(h, world.editor, world.workspaceId, url));
    const fetches = fetchesOf('/twitter');
    const other = await catalogWorld(h);
    const reused = await settled(h, other.editor, await submit(h, other.editor, other.workspaceId, url));
    expect(reused.status).toBe('completed');
    expect(reused.workspace_tool_id).not.toBe(first.workspace_tool_id);
    expect(fetchesOf('/twitter')).toBe(fetches);
    const tools = toolListSchema.parse(
      expectStatus(await h.as(other.viewer).get(`/tools?workspace_id=${other.workspaceId}`), 200),
    );
    expect(tools.map((tool) => tool.workspace_tool_id)).toEqual([reused.workspace_tool_id]);
  });

  it('gives a second tool with the same name a free slug', async () => {
    const other = await catalogWorld(h);
    const a = await settled(
      h,
      other.editor,
      await submit(h, other.editor, other.workspaceId, `${fixture.origin}/tool`),
    );
    const b = await settled(
      h,
      other.editor,
      await submit(h, other.editor, other.workspaceId, `${fixture.origin}/tool?variant=2`),
    );
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    const tools = toolListSchema.parse(
      expectStatus(await h.as(other.viewer).get(`/tools?workspace_id=${other.workspaceId}`), 200),
    );
    const slugs = tools.map((tool) => tool.slug).sort();
    expect(slugs).toHaveLength(2);
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
  });

  it('quarantines a permanent failure with its code and reason', async () => {
    const done = await settled(
      h,
      world.editor,
      await submit(h, world.editor, world.workspaceId, `${fixture.origin}/status/404`),
    );
    expect(done.status).toBe('quarantined');
    expect(done.quarantine_context?.code).toBe('http_error');
    expect(done.quarantine_context?.message).toContain('404');
    expect(done.workspace_tool_id).toBeNull();
  });

  it('marks a submission failed when transient failures outlast its attempts', async () => {
    const done = await settled(
      h,
      world.editor,
      await submit(h, world.editor, world.workspaceId, `${fixture.origin}/status/500`),
    );
    expect(done.status).toBe('failed');
    expect(done.quarantine_context?.code).toBe('http_error');
  });

  it('quarantines a URL that is no web address at once, without a job', async () => {
    const submission = await submit(h, world.editor, world.workspaceId, 'ftp://files.example/tool');
    expect(submission.status).toBe('quarantined');
    expect(submission.quarantine_context?.code).toBe('invalid_url');
  });

  it('keeps the suggested comment and hints of the request', async () => {
    const response = await h.as(world.editor).post('/ingestion/tools', {
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

  it('lists the newest submissions first, as many as `limit` asks', async () => {
    const world = await catalogWorld(h);
    const urls = ['a', 'b', 'c'].map((name) => `not a url ${name}`);
    for (const url of urls) await submit(h, world.editor, world.workspaceId, url);
    const list = (query: string) =>
      h.as(world.viewer).get(`/ingestion/tools/workspace/${world.workspaceId}${query}`);
    const all = submissionListSchema.parse(expectStatus(await list(''), 200));
    expect(all.map((item) => item.submitted_url)).toEqual([...urls].reverse());
    const newest = submissionListSchema.parse(expectStatus(await list('?limit=2'), 200));
    expect(newest.map((item) => item.submitted_url)).toEqual(
      all.slice(0, 2).map((item) => item.submitted_url),
    );
    for (const bad of ['0', '501', 'x']) expectStatus(await list(`?limit=${bad}`), 400);
  });

  it('refuses viewers and validates the body', async () => {
    const refused = await h
      .as(world.viewer)
      .post('/ingestion/tools', { workspace_id: world.workspaceId, submitted_url: `${fixture.origin}/tool` });
    expectStatus(refused, 403);
    expectStatus(await h.as(world.editor).post('/ingestion/tools', { workspace_id: world.workspaceId }), 400);
  });
});

describe('without an allowlist', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await createHarness();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('quarantines a loopback URL as blocked_address and never connects', async () => {
    const world = await catalogWorld(plain);
    const before = fixture.connections();
    const done = await settled(
      plain,
      world.editor,
      await submit(plain, world.editor, world.workspaceId, `${fixture.origin}/tool`),
    );
    expect(done.status).toBe('quarantined');
    expect(done.quarantine_context?.code).toBe('blocked_address');
    expect(fixture.connections()).toBe(before);
  });
});
