import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { resourceListSchema, resourceSchema, type Resource } from '@stackyard/contracts/resource';
import { seedResource } from '@stackyard/testing/catalog-seed';
import { allPages, catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';

const test = apiTest();

describe('resources', () => {
  test("lists the spec's Resource shape, paged and sorted by name (title, else URL)", async ({
    api,
    world,
  }) => {
    const titles = ['delta', null, 'alpha', 'charlie', 'bravo'];
    for (const [i, title] of titles.entries()) {
      await seedResource(api.db.db, {
        workspaceId: world.workspaceId,
        url: `https://z${i}.example.com/`,
        title,
        description: title ? `About ${title}` : null,
        image: 'https://example.com/a.png',
        rating: i + 1,
      });
    }
    const pages = await allPages<Resource>((cursor) =>
      api
        .as(world.viewer)
        .get(
          `/resources/workspace/${world.workspaceId}?sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ),
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const resources = resourceListSchema.parse(pages.flat());
    expect(resources.map((r) => r.metadata.extracted_title ?? r.raw_submitted_url)).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'https://z1.example.com/',
    ]);
    expect(resources[0]).toMatchObject({
      context: { rating: 3 },
      metadata: { extracted_description: 'About alpha', extracted_image: 'https://example.com/a.png' },
    });
    const byRating = expectStatus<Resource[]>(
      await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}?sort=rating`),
      200,
    );
    expect(byRating.map((r) => r.context.rating)).toEqual([5, 4, 3, 2, 1]);
  });

  test('answers one resource, rates it (editors) and deletes it with its comments', async ({
    api,
    world,
  }) => {
    const id = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://docs.example.com',
    });
    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${id}`), 200),
    );
    expect(resource).toMatchObject({ workspace_resource_id: id, context: { rating: null } });
    expect((await api.as(world.viewer).put(`/resources/${id}`, { context: { rating: 2 } })).statusCode).toBe(
      403,
    );
    const rated = expectStatus<Resource>(
      await api.as(world.editor).put(`/resources/${id}`, { context: { rating: 2 } }),
      200,
    );
    expect(rated.context.rating).toBe(2);
    expectStatus(
      await api.as(world.viewer).post(`/resources/workspace/${id}/comments`, { content: 'Read it' }),
      201,
    );
    expect((await api.as(world.viewer).delete(`/resources/${id}`)).statusCode).toBe(403);
    expectStatus(await api.as(world.editor).delete(`/resources/${id}`), 204);
    const missing = await api.as(world.viewer).get(`/resources/${id}`);
    expect(missing.statusCode).toBe(404);
    expect(problemSchema.parse(missing.json()).detail).toBe('Resource not found');
    const comments = await api.db.rows<{ count: number }>(
      sql`select count(*)::int as count from comments where resource_id = ${id}`,
    );
    expect(comments).toEqual([{ count: 0 }]);
  });

  test('keeps workspaces apart: a URL is saved once per workspace, and others cannot see it', async ({
    api,
    world,
  }) => {
    const other = await catalogWorld(api);
    await seedResource(api.db.db, { workspaceId: world.workspaceId, url: 'https://same.example.com' });
    await expect(
      seedResource(api.db.db, { workspaceId: world.workspaceId, url: 'https://same.example.com' }),
    ).rejects.toThrow();
    const theirs = await seedResource(api.db.db, {
      workspaceId: other.workspaceId,
      url: 'https://same.example.com',
    });
    expect((await api.as(world.viewer).get(`/resources/${theirs}`)).statusCode).toBe(404);
    expect((await api.as(world.editor).delete(`/resources/${theirs}`)).statusCode).toBe(404);
    const mine = expectStatus<Resource[]>(
      await api.as(world.viewer).get(`/resources/workspace/${world.workspaceId}`),
      200,
    );
    expect(mine).toHaveLength(1);
    const hidden = await api.as(world.viewer).get(`/resources/workspace/${other.workspaceId}`);
    expect(problemSchema.parse(hidden.json()).detail).toBe('Workspace not found');
  });
});
