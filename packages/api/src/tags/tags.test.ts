import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { tagListSchema, tagSchema, type Tag } from '@stackyard/contracts/tag';
import { tags as tagsTable } from '@stackyard/db/schema';
import { allPages, catalogWorld, expectStatus, nextCursor } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';

const test = apiTest();

describe('tags', () => {
  test('are created, listed by name, edited and deleted by editors; names are unique whatever their case', async ({
    api,
    world,
  }) => {
    const created = tagSchema.parse(
      expectStatus(
        await api.as(world.editor).post('/tags', {
          workspace_id: world.workspaceId,
          tag_name: 'Frontend',
          color: '#3B82F6',
          description: 'Things in the browser',
          criteria: ['runs in a browser'],
        }),
        201,
      ),
    );
    expect(created).toMatchObject({
      tag_name: 'Frontend',
      color: '#3b82f6',
      criteria: ['runs in a browser'],
    });
    expectStatus(
      await api
        .as(world.editor)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'backend', color: '#000000' }),
      201,
    );
    const clash = await api
      .as(world.editor)
      .post('/tags', { workspace_id: world.workspaceId, tag_name: 'FRONTEND', color: '#000000' });
    expect(clash.statusCode).toBe(409);
    expect(problemSchema.parse(clash.json()).detail).toBe(
      'This workspace already has a tag named "FRONTEND".',
    );
    const list = tagListSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tags?workspace_id=${world.workspaceId}`), 200),
    );
    expect(list.map((tag) => tag.tag_name)).toEqual(['backend', 'Frontend']);
    expect(list[0]).toMatchObject({ description: null, criteria: null });
    const edited = expectStatus<Tag>(
      await api
        .as(world.owner)
        .put(`/tags/${created.id}`, { tag_name: 'Web', description: null, criteria: null }),
      200,
    );
    expect(edited).toMatchObject({ tag_name: 'Web', color: '#3b82f6', description: null, criteria: null });
    const badColor = await api
      .as(world.editor)
      .put(`/tags/${created.id}`, { color: 'red; background: url(x)' });
    expect(badColor.statusCode).toBe(400);
    expect((await api.as(world.viewer).put(`/tags/${created.id}`, { color: '#ffffff' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await api
          .as(world.viewer)
          .post('/tags', { workspace_id: world.workspaceId, tag_name: 'v', color: '#ffffff' })
      ).statusCode,
    ).toBe(403);
    expectStatus(await api.as(world.editor).delete(`/tags/${created.id}`), 204);
    const gone = await api.as(world.editor).delete(`/tags/${created.id}`);
    expect(problemSchema.parse(gone.json()).detail).toBe('Tag not found');
  });

  test('are attached to and detached from tools, resources and projects of their own workspace', async ({
    api,
    world,
    project,
    items: { workspaceToolId, resourceId },
  }) => {
    const other = await catalogWorld(api);
    const tag = expectStatus<Tag>(
      await api
        .as(world.editor)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'x', color: '#000000' }),
      201,
    );
    const foreign = expectStatus<Tag>(
      await api
        .as(other.editor)
        .post('/tags', { workspace_id: other.workspaceId, tag_name: 'x', color: '#000000' }),
      201,
    );
    for (const base of [
      `/tools/workspace/${workspaceToolId}`,
      `/resources/workspace/${resourceId}`,
      `/projects/${project.id}`,
    ]) {
      expectStatus(await api.as(world.editor).put(`${base}/tags/${tag.id}`), 204);
      expectStatus(await api.as(world.editor).put(`${base}/tags/${tag.id}`), 204);
      const refused = await api.as(world.editor).put(`${base}/tags/${foreign.id}`);
      expect(refused.statusCode, base).toBe(404);
      expect(problemSchema.parse(refused.json()).detail).toBe('Tag not found');
      expect((await api.as(world.viewer).put(`${base}/tags/${tag.id}`)).statusCode).toBe(403);
      const tags = expectStatus<Tag[]>(await api.as(world.viewer).get(`${base}/tags`), 200);
      expect(tags.map((t) => t.id)).toEqual([tag.id]);
      expectStatus(await api.as(world.editor).delete(`${base}/tags/${tag.id}`), 204);
      expect((await api.as(world.editor).delete(`${base}/tags/${tag.id}`)).statusCode).toBe(404);
      expect(expectStatus(await api.as(world.viewer).get(`${base}/tags`), 200)).toEqual([]);
    }
    // Deleting a tag takes it off every item.
    expectStatus(await api.as(world.editor).put(`/projects/${project.id}/tags/${tag.id}`), 204);
    expectStatus(await api.as(world.editor).delete(`/tags/${tag.id}`), 204);
    expect(expectStatus(await api.as(world.viewer).get(`/projects/${project.id}/tags`), 200)).toEqual([]);
    const missing = await api.as(world.viewer).get(`/resources/workspace/${crypto.randomUUID()}/tags`);
    expect(problemSchema.parse(missing.json()).detail).toBe('Resource not found');
  });

  test('page through thousands with a cursor, and a search finds one beyond the first page', async ({
    api,
    world,
  }) => {
    const names = Array.from({ length: 2500 }, (_, index) => `Topic ${String(index).padStart(4, '0')}`);
    names.push('100% coverage', 'snake_case');
    for (let start = 0; start < names.length; start += 500) {
      await api.db.db.insert(tagsTable).values(
        names.slice(start, start + 500).map((name) => ({
          workspaceId: world.workspaceId,
          name,
          color: '#000000',
        })),
      );
    }
    const viewer = api.as(world.viewer);
    const list = `/tags?workspace_id=${world.workspaceId}`;

    const first = await viewer.get(list);
    expect(expectStatus<Tag[]>(first, 200)).toHaveLength(50);
    expect(nextCursor(first)).toBeDefined();

    const pages = await allPages<Tag>((cursor) =>
      viewer.get(`${list}&limit=100${cursor ? `&cursor=${cursor}` : ''}`),
    );
    expect(pages).toHaveLength(26);
    const listed = pages.flat().map((tag) => tag.tag_name);
    expect(new Set(listed).size).toBe(names.length);
    expect(listed).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));

    // Beyond the first page, found by a part of its name in any case.
    const found = expectStatus<Tag[]>(await viewer.get(`${list}&q=${encodeURIComponent('topic 2417')}`), 200);
    expect(found.map((tag) => tag.tag_name)).toEqual(['Topic 2417']);
    const searched = await allPages<Tag>((cursor) =>
      viewer.get(`${list}&q=${encodeURIComponent('c 24')}&limit=60${cursor ? `&cursor=${cursor}` : ''}`),
    );
    expect(searched.map((page) => page.length)).toEqual([60, 40]);
    expect(searched.flat().every((tag) => tag.tag_name.startsWith('Topic 24'))).toBe(true);
    // LIKE's wildcards match only themselves.
    const percent = expectStatus<Tag[]>(await viewer.get(`${list}&q=${encodeURIComponent('%')}`), 200);
    expect(percent.map((tag) => tag.tag_name)).toEqual(['100% coverage']);
    const underscore = expectStatus<Tag[]>(await viewer.get(`${list}&q=_`), 200);
    expect(underscore.map((tag) => tag.tag_name)).toEqual(['snake_case']);

    const forged = await viewer.get(`${list}&cursor=bm90LWEtY3Vyc29y`);
    expect(forged.statusCode).toBe(400);
    const tooLong = await viewer.get(`${list}&q=${'x'.repeat(51)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(problemSchema.parse(tooLong.json()).detail).toBe(
      '/querystring/q: Search text must be at most 50 characters',
    );
    const stranger = await api.user('stranger');
    expect((await api.as(stranger).get(list)).statusCode).toBe(404);
  });
});
