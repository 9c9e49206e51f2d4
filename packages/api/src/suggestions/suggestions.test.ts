import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { toolFacts, workspaceTools } from '@stackyard/db/schema';
import { problemSchema } from '@stackyard/contracts/problem';
import {
  acceptedSuggestionSchema,
  dismissedSuggestionSchema,
  suggestionListSchema,
  type SuggestionList,
} from '@stackyard/contracts/suggestion';
import {
  catalogWorld,
  expectStatus,
  nextCursor,
  type CatalogWorld,
} from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { seedCollection } from '@stackyard/testing/suggestion-seed';

const test = apiTest();

async function webWorld(api: Harness): Promise<CatalogWorld & { tools: Record<string, string> }> {
  const world = await catalogWorld(api);
  return { ...world, tools: await seedCollection(api.db.db, world.workspaceId) };
}

/** A page of suggestions, with the next page's cursor from the x-next-cursor header. */
async function list(
  api: Harness,
  world: CatalogWorld,
  query = '',
): Promise<SuggestionList & { nextCursor: string | null }> {
  const response = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/suggestions${query}`);
  const raw = expectStatus(response, 200);
  // The cursor travels in the header only, as for every other list.
  expect(raw).not.toHaveProperty('nextCursor');
  const body = suggestionListSchema.parse(raw);
  return { ...body, nextCursor: nextCursor(response) ?? null };
}

describe('GET /workspaces/{id}/suggestions', () => {
  test('shows members a page of built-in suggestions with stable ids, and more ideas by cursor', async ({
    api,
  }) => {
    const world = await webWorld(api);
    const first = await list(api, world);
    expect(first.mode).toBe('builtin');
    expect(first.mode_note).toBeUndefined();
    expect(first.too_few).toBeUndefined();
    expect(first.items).toHaveLength(6);
    const known = new Set(Object.values(world.tools));
    for (const item of first.items) {
      expect(item.engine).toBe('builtin');
      for (const tool of item.tools) expect(known.has(tool.tool_id)).toBe(true);
    }
    // Asked again, the same suggestions keep their ids.
    const again = await list(api, world);
    expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    expect(first.nextCursor).toBe('p1');
    const second = await list(api, world, `?cursor=${first.nextCursor}`);
    expect(second.items.length).toBeGreaterThan(0);
    const firstIds = new Set(first.items.map((item) => item.id));
    for (const item of second.items) expect(firstIds.has(item.id)).toBe(false);
  });

  test('steers by focus', async ({ api }) => {
    const world = await webWorld(api);
    const focused = await list(api, world, `?focus=${encodeURIComponent('end-to-end testing')}`);
    expect(focused.items[0]?.archetype).toBe('e2e-test-suite');
  });

  test("classifies by the team's stack categories and tags, and never suggests avoided tools", async ({
    api,
  }) => {
    const world = await webWorld(api);
    const extra = await seedCollection(api.db.db, world.workspaceId, [
      ['Acme Jobs', 'Internal', null],
      ['Gatekeeper', 'Internal', null],
    ]);
    const as = api.as(world.editor);
    expectStatus(
      await as.put(`/tools/workspace/${extra['Acme Jobs']}/stance`, {
        stance: 'preferred',
        category: 'Queue',
      }),
      200,
    );
    const tag = expectStatus<{ id: string }>(
      await as.post('/tags', { workspace_id: world.workspaceId, tag_name: 'auth', color: '#3b82f6' }),
      201,
    );
    expectStatus(await as.put(`/tools/workspace/${extra.Gatekeeper}/tags/${tag.id}`), 204);
    expectStatus(await as.put(`/tools/workspace/${world.tools.React}/stance`, { stance: 'avoid' }), 200);

    const pages = [await list(api, world, '?focus=background%20jobs'), await list(api, world, '?cursor=p1')];
    const used = pages.flatMap((page) => page.items.flatMap((item) => item.tools));
    expect(used.find((tool) => tool.name === 'Acme Jobs')?.role).toBe('Queue');
    expect(used.find((tool) => tool.name === 'Gatekeeper')?.role).toBe('Authentication');
    expect(used.map((tool) => tool.name)).not.toContain('React');
  });

  test('classifies by the repository topics the tool facts hold', async ({ api }) => {
    const world = await webWorld(api);
    const extra = await seedCollection(api.db.db, world.workspaceId, [['Flux Capacitor', 'Internal', null]]);
    const [row] = await api.db.db
      .select({ toolId: workspaceTools.toolId })
      .from(workspaceTools)
      .where(eq(workspaceTools.id, extra['Flux Capacitor'] ?? ''));
    const fetchedAt = new Date();
    await api.db.db.insert(toolFacts).values({
      toolId: row?.toolId ?? '',
      source: 'github',
      subject: '',
      status: 'ok',
      checkedAt: fetchedAt,
      data: {
        source: 'github',
        url: 'https://github.com/acme/flux',
        full_name: 'acme/flux',
        fetched_at: fetchedAt.toISOString(),
        stars: 10,
        forks: 1,
        open_issues: 0,
        license: 'MIT',
        language: 'Go',
        topics: ['message-queue', 'background-jobs'],
        archived: false,
        last_push_at: null,
        latest_release: null,
        contributors: null,
        scorecard: null,
      },
    });
    const pages = [await list(api, world, '?focus=background%20jobs'), await list(api, world, '?cursor=p1')];
    const used = pages.flatMap((page) => page.items.flatMap((item) => item.tools));
    expect(used.find((tool) => tool.name === 'Flux Capacitor')?.role).toBe('Queue');
  });

  test('says what to collect first when the workspace has too few tools', async ({ api, world }) => {
    await seedCollection(api.db.db, world.workspaceId, [['React', 'UI library', null]]);
    const result = await list(api, world);
    expect(result.items).toEqual([]);
    expect(result.nextCursor).toBeNull();
    expect(result.too_few).toEqual({
      have: 1,
      need: 3,
      collect_first: ['API framework', 'Database', 'Testing', 'ORM', 'CLI'],
    });
  });

  test('refuses a bad cursor or an overlong focus with 400, and hides the workspace from outsiders', async ({
    api,
  }) => {
    const world = await webWorld(api);
    const as = api.as(world.viewer);
    const bad = await as.get(`/workspaces/${world.workspaceId}/suggestions?cursor=zzz`);
    expect(problemSchema.parse(expectStatus(bad, 400)).detail).toContain('Invalid cursor');
    const long = await as.get(`/workspaces/${world.workspaceId}/suggestions?focus=${'x'.repeat(201)}`);
    expect(problemSchema.parse(expectStatus(long, 400)).detail).toContain('Focus must be at most 200');
    const outsider = await api.user(`out${Math.random().toString(36).slice(2, 8)}`);
    expectStatus(await api.as(outsider).get(`/workspaces/${world.workspaceId}/suggestions`), 404);
  });
});

describe('POST /workspaces/{id}/suggestions/{suggestionId}/accept', () => {
  test('creates the project with its tools and the milestones as its first comment, once', async ({
    api,
  }) => {
    const world = await webWorld(api);
    const [idea] = (await list(api, world)).items;
    if (!idea) throw new Error('expected a suggestion');
    const as = api.as(world.editor);
    const path = `/workspaces/${world.workspaceId}/suggestions/${idea.id}/accept`;
    const accepted = acceptedSuggestionSchema.parse(expectStatus(await as.post(path, {}), 201));
    expect(accepted.project.metadata.name).toBe(idea.title);
    expect(accepted.url).toBe(
      `/${world.owner.username}/${await workspaceSlug(api, world)}/projects/${accepted.project.slug}`,
    );

    const tools = expectStatus<{ workspace_tool_id: string }[]>(
      await as.get(`/projects/${accepted.project.id}/tools`),
      200,
    );
    expect(tools.map((tool) => tool.workspace_tool_id).sort()).toEqual(
      idea.tools.map((tool) => tool.tool_id).sort(),
    );
    const comments = expectStatus<{ content: string }[]>(
      await as.get(`/projects/${accepted.project.id}/comments`),
      200,
    );
    const contents = comments.map((comment) => comment.content);
    expect(contents).toHaveLength(1);
    for (const milestone of idea.milestones) expect(contents[0]).toContain(milestone);

    // It never comes back, and cannot be started twice.
    expect((await list(api, world)).items.map((item) => item.id)).not.toContain(idea.id);
    expect(problemSchema.parse(expectStatus(await as.post(path, {}), 409)).detail).toBe(
      'This suggestion was already started as a project.',
    );
  });

  test('is refused to viewers (403) and answers 404 for another workspace’s suggestion', async ({ api }) => {
    const world = await webWorld(api);
    const other = await webWorld(api);
    const [idea] = (await list(api, world)).items;
    if (!idea) throw new Error('expected a suggestion');
    const refused = await api
      .as(world.viewer)
      .post(`/workspaces/${world.workspaceId}/suggestions/${idea.id}/accept`, {});
    expect(problemSchema.parse(expectStatus(refused, 403)).detail).toBe(
      'Only editors and admins can start or dismiss a suggested project.',
    );
    const elsewhere = await api
      .as(other.owner)
      .post(`/workspaces/${other.workspaceId}/suggestions/${idea.id}/accept`, {});
    expect(problemSchema.parse(expectStatus(elsewhere, 404)).detail).toBe('Suggestion not found');
  });
});

describe('POST /workspaces/{id}/suggestions/{suggestionId}/dismiss', () => {
  test('dismisses with an optional reason, and the suggestion never returns', async ({ api }) => {
    const world = await webWorld(api);
    const first = await list(api, world);
    const [idea, plain] = first.items;
    if (!idea || !plain) throw new Error('expected suggestions');
    const as = api.as(world.editor);
    const dismissed = await as.post(`/workspaces/${world.workspaceId}/suggestions/${idea.id}/dismiss`, {
      reason: '  We did this last year ',
    });
    expect(dismissedSuggestionSchema.parse(expectStatus(dismissed, 200))).toEqual({
      suggestion_id: idea.id,
      dismissed: true,
      reason: 'We did this last year',
    });
    const bare = await as.post(`/workspaces/${world.workspaceId}/suggestions/${plain.id}/dismiss`);
    expect(dismissedSuggestionSchema.parse(expectStatus(bare, 200)).reason).toBeNull();
    for (const page of [
      await list(api, world),
      await list(api, world, '?cursor=p1'),
      await list(api, world, '?cursor=p2'),
    ]) {
      const titles = page.items.map((item) => item.title);
      expect(titles).not.toContain(idea.title);
      expect(titles).not.toContain(plain.title);
    }
    const tooLong = await as.post(`/workspaces/${world.workspaceId}/suggestions/${plain.id}/dismiss`, {
      reason: 'x'.repeat(501),
    });
    expect(problemSchema.parse(expectStatus(tooLong, 400)).detail).toContain('Reason must be at most 500');
    const accepted = await as.post(`/workspaces/${world.workspaceId}/suggestions/${idea.id}/accept`, {});
    expect(problemSchema.parse(expectStatus(accepted, 409)).detail).toBe('This suggestion was dismissed.');
  });
});

async function workspaceSlug(api: Harness, world: CatalogWorld): Promise<string> {
  return expectStatus<{ slug: string }>(
    await api.as(world.owner).get(`/workspaces/${world.workspaceId}`),
    200,
  ).slug;
}
