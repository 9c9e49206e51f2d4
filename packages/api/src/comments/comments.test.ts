import { describe, expect } from 'vitest';
import { commentListSchema, commentSchema, type Comment } from '@stackyard/contracts/comment';
import { problemSchema } from '@stackyard/contracts/problem';
import { allPages, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { AUTHOR_ONLY } from './comments.service.ts';

const test = apiTest();

describe('comments', () => {
  test('are written by every member on tools, resources and projects, and read oldest first', async ({
    api,
    world,
    project,
    items: { workspaceToolId, resourceId },
  }) => {
    for (const base of [
      `/tools/workspace/${workspaceToolId}`,
      `/resources/workspace/${resourceId}`,
      `/projects/${project.id}`,
    ]) {
      const first = commentSchema.parse(
        expectStatus(await api.as(world.viewer).post(`${base}/comments`, { content: '  First  ' }), 201),
      );
      expect(first).toMatchObject({
        workspace_id: world.workspaceId,
        commenter_id: world.viewer.id,
        commenter_username: world.viewer.username,
        content: 'First',
      });
      expectStatus(await api.as(world.owner).post(`${base}/comments`, { content: 'Second' }), 201);
      const list = commentListSchema.parse(
        expectStatus(await api.as(world.editor).get(`${base}/comments`), 200),
      );
      expect(list.map((comment) => comment.content)).toEqual(['First', 'Second']);
    }
    const empty = await api.as(world.viewer).post(`/projects/${project.id}/comments`, { content: '   ' });
    expect(problemSchema.parse(empty.json()).errors?.[0]).toEqual({
      pointer: '/body/content',
      detail: 'Comment is required',
    });
    const missing = await api.as(world.viewer).get(`/tools/workspace/${crypto.randomUUID()}/comments`);
    expect(problemSchema.parse(missing.json()).detail).toBe('Tool not found');
    const stranger = await api.user();
    const hidden = await api.as(stranger).post(`/projects/${project.id}/comments`, { content: 'x' });
    expect(hidden.statusCode).toBe(404);
    expect(problemSchema.parse(hidden.json()).detail).toBe('Project not found');
  });

  test('page with a cursor', async ({ api, world, project }) => {
    for (let i = 0; i < 7; i++) {
      expectStatus(
        await api.as(world.viewer).post(`/projects/${project.id}/comments`, { content: `c${i}` }),
        201,
      );
    }
    const pages = await allPages<Comment>((cursor) =>
      api
        .as(world.viewer)
        .get(`/projects/${project.id}/comments?limit=3${cursor ? `&cursor=${cursor}` : ''}`),
    );
    expect(pages.map((page) => page.map((comment) => comment.content))).toEqual([
      ['c0', 'c1', 'c2'],
      ['c3', 'c4', 'c5'],
      ['c6'],
    ]);
  });

  test('are edited by their author only, and deleted by the author, admins and the owner', async ({
    api,
    world,
    project,
  }) => {
    const post = async (content: string) =>
      expectStatus<Comment>(
        await api.as(world.viewer).post(`/projects/${project.id}/comments`, { content }),
        201,
      );
    const comment = await post('Draft');
    const edited = expectStatus<Comment>(
      await api.as(world.viewer).put(`/comments/${comment.id}`, { content: 'Final' }),
      200,
    );
    expect(edited.content).toBe('Final');
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(comment.updated_at));
    for (const user of [world.editor, world.owner]) {
      const refused = await api.as(user).put(`/comments/${comment.id}`, { content: 'Hijack' });
      expect(refused.statusCode).toBe(403);
      expect(problemSchema.parse(refused.json()).detail).toBe(AUTHOR_ONLY);
    }
    expect((await api.as(world.editor).delete(`/comments/${comment.id}`)).statusCode).toBe(403);
    expectStatus(await api.as(world.owner).delete(`/comments/${comment.id}`), 204);
    const mine = await post('Mine');
    expectStatus(await api.as(world.viewer).delete(`/comments/${mine.id}`), 204);
    const gone = await api.as(world.viewer).delete(`/comments/${mine.id}`);
    expect(problemSchema.parse(gone.json()).detail).toBe('Comment not found');
    const stranger = await api.user();
    const other = await post('Other');
    expect((await api.as(stranger).delete(`/comments/${other.id}`)).statusCode).toBe(404);
  });
});
