import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { toolListSchema, toolSchema, type Tool } from '@stackyard/contracts/tool';
import { seedTool } from '@stackyard/testing/catalog-seed';
import {
  allPages,
  catalogWorld,
  expectStatus,
  nextCursor,
  type CatalogWorld,
} from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

async function seedTools(api: Harness, world: CatalogWorld, count: number, prefix = 'tool') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://${prefix}-${i}.example.com/${world.workspaceId}`,
      slug: `${prefix}-${String(i).padStart(2, '0')}`,
      name: `Tool ${i}`,
      rating: i % 6 === 0 ? null : (i % 5) + 1,
    });
    ids.push(workspaceToolId);
  }
  return ids;
}

describe('GET /tools', () => {
  test('answers the Tool shape, with the global metadata', async ({ api, world }) => {
    await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://vite.dev/guide',
      slug: 'vite',
      name: 'Vite',
      description: 'Frontend tooling',
      homepageUrl: 'https://vite.dev',
      forgeUrl: 'https://github.com/vitejs/vite',
      discordUrl: 'https://chat.vite.dev',
      rating: 5,
    });
    const response = await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`);
    const [tool] = toolListSchema.parse(expectStatus(response, 200));
    expect(tool).toMatchObject({
      workspace_id: world.workspaceId,
      slug: 'vite',
      raw_submitted_url: 'https://vite.dev/guide',
      context: { rating: 5 },
      metadata: {
        name: 'Vite',
        canonical_links: { homepage_url: 'https://vite.dev', forge_url: 'https://github.com/vitejs/vite' },
        community_links: { discord_url: 'https://chat.vite.dev', slack_url: null },
      },
    });
    expect(nextCursor(response)).toBeUndefined();
  });

  test('pages with a keyset cursor that stays stable when tools are added meanwhile', async ({
    api,
    world,
  }) => {
    const ids = await seedTools(api, world, 25);
    const list = (cursor?: string) =>
      api
        .as(world.editor)
        .get(`/tools?workspace_id=${world.workspaceId}&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
    const first = await list();
    const firstPage = expectStatus<Tool[]>(first, 200);
    expect(firstPage).toHaveLength(10);
    const cursor = nextCursor(first);
    expect(cursor).toBeDefined();
    // New tools land before the cursor (newest first), so the next pages neither repeat nor skip.
    await seedTools(api, world, 3, 'late');
    const rest = await allPages<Tool>((next) => list(next ?? cursor));
    const seen = [...firstPage, ...rest.flat()].map((tool) => tool.workspace_tool_id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(rest.map((page) => page.length)).toEqual([10, 5]);
  });

  test('sorts by recent, name and rating, each paging through every tool once', async ({ api, world }) => {
    await seedTools(api, world, 12);
    for (const sort of ['recent', 'name', 'rating'] as const) {
      const pages = await allPages<Tool>((cursor) =>
        api
          .as(world.viewer)
          .get(
            `/tools?workspace_id=${world.workspaceId}&sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
          ),
      );
      const tools = pages.flat();
      expect(tools, sort).toHaveLength(12);
      if (sort === 'name')
        expect(tools.map((tool) => tool.slug)).toEqual(tools.map((tool) => tool.slug).sort());
      if (sort === 'rating') {
        const ratings = tools.map((tool) => tool.context.rating ?? 0);
        expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      }
      if (sort === 'recent') {
        const times = tools.map((tool) => tool.created_at);
        expect(times).toEqual([...times].sort().reverse());
      }
    }
  });

  test('filters by tag', async ({ api, world }) => {
    const [a, , c] = await seedTools(api, world, 3);
    const tag = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'fav', color: '#ff0000' }),
      201,
    );
    for (const id of [a, c])
      expectStatus(await api.as(world.editor).put(`/tools/workspace/${id}/tags/${tag.id}`), 204);
    const tagged = expectStatus<Tool[]>(
      await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}&tag=${tag.id}&sort=name`),
      200,
    );
    expect(tagged.map((tool) => tool.workspace_tool_id)).toEqual([a, c]);
  });

  test('filters by stance, paging through each stance once; tools without a stance count as accepted', async ({
    api,
    world,
  }) => {
    const ids = await seedTools(api, world, 7);
    const [p1, p2, p3, a1, v1] = ids;
    const stances = `/workspaces/${world.workspaceId}/stack/stances`;
    expectStatus(
      await api.as(world.editor).put(stances, { workspace_tool_ids: [p1, p2, p3], stance: 'preferred' }),
      200,
    );
    expectStatus(
      await api.as(world.editor).put(stances, { workspace_tool_ids: [a1], stance: 'accepted' }),
      200,
    );
    expectStatus(await api.as(world.editor).put(stances, { workspace_tool_ids: [v1], stance: 'avoid' }), 200);
    const listed = async (stance: string) =>
      (
        await allPages<Tool>((cursor) =>
          api
            .as(world.viewer)
            .get(
              `/tools?workspace_id=${world.workspaceId}&stance=${stance}&sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            ),
        )
      ).flat();
    const preferred = await listed('preferred');
    expect(preferred.map((tool) => tool.workspace_tool_id)).toEqual([p1, p2, p3]);
    expect(preferred.map((tool) => tool.stance)).toEqual(['preferred', 'preferred', 'preferred']);
    const accepted = await listed('accepted');
    expect(accepted.map((tool) => tool.workspace_tool_id)).toEqual([a1, ids[5], ids[6]]);
    expect(new Set(accepted.map((tool) => tool.stance))).toEqual(new Set(['accepted']));
    expect((await listed('avoid')).map((tool) => [tool.workspace_tool_id, tool.stance])).toEqual([
      [v1, 'avoid'],
    ]);
    const bad = await api.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}&stance=loved`);
    expect(problemSchema.parse(expectStatus(bad, 400)).detail).toContain(
      'Stance must be preferred, accepted or avoid',
    );
  });

  test('refuses bad queries and forged cursors with 400, and non-members with 404', async ({
    api,
    world,
  }) => {
    await seedTools(api, world, 3);
    const base = `/tools?workspace_id=${world.workspaceId}`;
    for (const query of [
      '&limit=0',
      '&limit=101',
      '&sort=popular',
      '&cursor=%24%24',
      '&cursor=WyJ4Il0',
      '&tag=nope',
    ]) {
      const response = await api.as(world.viewer).get(`${base}${query}`);
      expect(response.statusCode, query).toBe(400);
      problemSchema.parse(response.json());
    }
    expect((await api.as(world.viewer).get('/tools')).statusCode).toBe(400);
    // A cursor made for one sort is refused by another.
    const first = await api.as(world.viewer).get(`${base}&limit=1&sort=name`);
    const other = await api.as(world.viewer).get(`${base}&limit=1&sort=rating&cursor=${nextCursor(first)}`);
    expect(other.statusCode).toBe(400);
    const stranger = await api.user();
    const hidden = await api.as(stranger).get(base);
    expect(hidden.statusCode).toBe(404);
    expect(problemSchema.parse(hidden.json()).detail).toBe('Workspace not found');
  });
});

describe('one tool', () => {
  test('is found by id and by slug; others answer Tool not found', async ({ api, world }) => {
    const [id] = await seedTools(api, world, 1);
    const byId = toolSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${id}`), 200),
    );
    const bySlug = expectStatus(
      await api.as(world.viewer).get(`/tools/workspace/${world.workspaceId}/slug/${byId.slug}`),
      200,
    );
    expect(bySlug).toEqual(byId);
    for (const path of [
      `/tools/workspace/${crypto.randomUUID()}`,
      `/tools/workspace/${world.workspaceId}/slug/missing`,
    ]) {
      const missing = await api.as(world.viewer).get(path);
      expect(missing.statusCode).toBe(404);
      expect(problemSchema.parse(missing.json()).detail).toBe('Tool not found');
    }
    // Another workspace's member cannot tell it exists.
    const stranger = await api.user();
    const hidden = await api.as(stranger).get(`/tools/workspace/${id}`);
    expect(problemSchema.parse(hidden.json()).detail).toBe('Tool not found');
  });

  test('takes a rating from 1 to 5 or null, from editors', async ({ api, world }) => {
    const [id] = await seedTools(api, world, 1);
    const rated = expectStatus<Tool>(
      await api.as(world.editor).put(`/tools/workspace/${id}`, { context: { rating: 4 } }),
      200,
    );
    expect(rated.context.rating).toBe(4);
    const cleared = expectStatus<Tool>(
      await api.as(world.owner).put(`/tools/workspace/${id}`, { context: { rating: null } }),
      200,
    );
    expect(cleared.context.rating).toBeNull();
    for (const rating of [0, 6, 2.5, '3']) {
      const bad = await api.as(world.editor).put(`/tools/workspace/${id}`, { context: { rating } });
      expect(bad.statusCode, String(rating)).toBe(400);
      expect(problemSchema.parse(bad.json()).errors?.[0]?.pointer).toBe('/body/context/rating');
    }
    expect(
      (await api.as(world.viewer).put(`/tools/workspace/${id}`, { context: { rating: 1 } })).statusCode,
    ).toBe(403);
  });

  test('is deleted with its comments, tags and project links, and the global tool stays', async ({
    api,
    world,
  }) => {
    const seeded = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://shared.example.com',
      slug: 'shared',
    });
    const elsewhere = await catalogWorld(api);
    await seedTool(api.db.db, {
      workspaceId: elsewhere.workspaceId,
      url: 'https://shared.example.com',
      slug: 'shared',
    });
    const id = seeded.workspaceToolId;
    expectStatus(await api.as(world.viewer).post(`/tools/workspace/${id}/comments`, { content: 'Hi' }), 201);
    expectStatus(
      await api.as(world.editor).post('/projects', {
        workspace_id: world.workspaceId,
        metadata: { name: 'Uses it' },
        tool_ids: [id],
      }),
      201,
    );
    expect((await api.as(world.viewer).delete(`/tools/workspace/${id}`)).statusCode).toBe(403);
    expectStatus(await api.as(world.editor).delete(`/tools/workspace/${id}`), 204);
    expect((await api.as(world.editor).delete(`/tools/workspace/${id}`)).statusCode).toBe(404);
    const left = await api.db.rows<{ comments: number; links: number; tools: number }>(sql`select
      (select count(*)::int from comments where workspace_tool_id = ${id}) as comments,
      (select count(*)::int from project_tools where workspace_tool_id = ${id}) as links,
      (select count(*)::int from tools where id = ${seeded.toolId}) as tools`);
    expect(left).toEqual([{ comments: 0, links: 0, tools: 1 }]);
    const other = expectStatus<Tool[]>(
      await api.as(elsewhere.viewer).get(`/tools?workspace_id=${elsewhere.workspaceId}`),
      200,
    );
    expect(other.map((tool) => tool.slug)).toEqual(['shared']);
  });
});

describe('deleting a workspace', () => {
  test('removes its whole catalog', async ({ api, world }) => {
    expectStatus(await api.as(world.owner).post('/workspaces', { name: 'Spare' }), 201);
    const [toolId] = await seedTools(api, world, 2);
    const project = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'P' }, tool_ids: [toolId] }),
      201,
    );
    expectStatus(await api.as(world.viewer).post(`/projects/${project.id}/comments`, { content: 'x' }), 201);
    const tag = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'x', color: '#000000' }),
      201,
    );
    expectStatus(await api.as(world.owner).put(`/projects/${project.id}/tags/${tag.id}`), 204);
    expectStatus(await api.as(world.owner).delete(`/workspaces/${world.workspaceId}`), 204);
    const [counts] = await api.db.rows<Record<string, number>>(sql`select
      (select count(*)::int from workspace_tools where workspace_id = ${world.workspaceId}) as tools,
      (select count(*)::int from projects where workspace_id = ${world.workspaceId}) as projects,
      (select count(*)::int from comments where workspace_id = ${world.workspaceId}) as comments,
      (select count(*)::int from tags where workspace_id = ${world.workspaceId}) as tags,
      (select count(*)::int from project_tools where project_id = ${project.id}) as links,
      (select count(*)::int from project_tags where project_id = ${project.id}) as taggings`);
    expect(counts).toEqual({ tools: 0, projects: 0, comments: 0, tags: 0, links: 0, taggings: 0 });
  });
});
