import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema, type Comment } from '@stackyard/contracts/comment';
import { problemSchema } from '@stackyard/contracts/problem';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { allPages, catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import { AUTHOR_ONLY } from './comments.service.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

describe('comments', () => {
  it('are written by every member on tools, resources and projects, and read oldest first', async () => {
    const world = await catalogWorld(h);
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://a.example.com',
      slug: 'a',
    });
    const resourceId = await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://r.example.com',
    });
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'P' } }),
      201,
    );
    for (const base of [
      `/tools/workspace/${workspaceToolId}`,
      `/resources/workspace/${resourceId}`,
      `/projects/${project.id}`,
    ]) {
      const first = commentSchema.parse(
        expectStatus(await h.as(world.viewer).post(`${base}/comments`, { content: '  First  ' }), 201),
      );
      expect(first).toMatchObject({
        workspace_id: world.workspaceId,
        commenter_id: world.viewer.id,
        commenter_username: world.viewer.username,
        content: 'First',
      });
      expectStatus(await h.as(world.owner).post(`${base}/comments`, { content: 'Second' }), 201);
      const list = commentListSchema.parse(
        expectStatus(await h.as(world.editor).get(`${base}/comments`), 200),
      );
      expect(list.map((comment) => comment.content)).toEqual(['First', 'Second']);
    }
    const empty = await h.as(world.viewer).post(`/projects/${project.id}/comments`, { content: '   ' });
    expect(problemSchema.parse(empty.json()).errors?.[0]).toEqual({
      pointer: '/body/content',
      detail: 'Comment is required',
    });
    const missing = await h.as(world.viewer).get(`/tools/workspace/${crypto.randomUUID()}/comments`);
    expect(problemSchema.parse(missing.json()).detail).toBe('Tool not found');
    const stranger = await h.user();
    const hidden = await h.as(stranger).post(`/projects/${project.id}/comments`, { content: 'x' });
    expect(hidden.statusCode).toBe(404);
    expect(problemSchema.parse(hidden.json()).detail).toBe('Project not found');
  });

  it('page with a cursor', async () => {
    const world = await catalogWorld(h);
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'P' } }),
      201,
    );
    for (let i = 0; i < 7; i++) {
      expectStatus(
        await h.as(world.viewer).post(`/projects/${project.id}/comments`, { content: `c${i}` }),
        201,
      );
    }
    const pages = await allPages<Comment>((cursor) =>
      h.as(world.viewer).get(`/projects/${project.id}/comments?limit=3${cursor ? `&cursor=${cursor}` : ''}`),
    );
    expect(pages.map((page) => page.map((comment) => comment.content))).toEqual([
      ['c0', 'c1', 'c2'],
      ['c3', 'c4', 'c5'],
      ['c6'],
    ]);
  });

  it('are edited by their author only, and deleted by the author, admins and the owner', async () => {
    const world = await catalogWorld(h);
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'P' } }),
      201,
    );
    const post = async (content: string) =>
      expectStatus<Comment>(
        await h.as(world.viewer).post(`/projects/${project.id}/comments`, { content }),
        201,
      );
    const comment = await post('Draft');
    const edited = expectStatus<Comment>(
      await h.as(world.viewer).put(`/comments/${comment.id}`, { content: 'Final' }),
      200,
    );
    expect(edited.content).toBe('Final');
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(comment.updated_at));
    for (const user of [world.editor, world.owner]) {
      const refused = await h.as(user).put(`/comments/${comment.id}`, { content: 'Hijack' });
      expect(refused.statusCode).toBe(403);
      expect(problemSchema.parse(refused.json()).detail).toBe(AUTHOR_ONLY);
    }
    expect((await h.as(world.editor).delete(`/comments/${comment.id}`)).statusCode).toBe(403);
    expectStatus(await h.as(world.owner).delete(`/comments/${comment.id}`), 204);
    const mine = await post('Mine');
    expectStatus(await h.as(world.viewer).delete(`/comments/${mine.id}`), 204);
    const gone = await h.as(world.viewer).delete(`/comments/${mine.id}`);
    expect(problemSchema.parse(gone.json()).detail).toBe('Comment not found');
    const stranger = await h.user();
    const other = await post('Other');
    expect((await h.as(stranger).delete(`/comments/${other.id}`)).statusCode).toBe(404);
  });
});
