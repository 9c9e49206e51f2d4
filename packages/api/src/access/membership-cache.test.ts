// Memberships are remembered for a moment (membership-cache.ts): a change made through this process holds
// at once, one made elsewhere (another API instance, here straight in the database) within
// MEMBERSHIP_CACHE_MS, and a transaction always reads its own state.
import { sql } from 'drizzle-orm';
import { memberListSchema } from '@stackyard/contracts/member';
import { describe, expect } from 'vitest';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { MEMBERSHIP_CACHE_MS } from './membership-cache.ts';

const test = apiTest();

async function worldWithTool(api: Harness) {
  const world = await catalogWorld(api);
  const { workspaceToolId } = await seedTool(api.db.db, {
    workspaceId: world.workspaceId,
    url: `https://cached-${world.workspaceId}.example.com/`,
    slug: 'cached',
    name: 'Cached',
  });
  return { ...world, toolId: workspaceToolId };
}

describe('remembered memberships', () => {
  test('a removed member loses access at once, on lists and on items', async ({ api }) => {
    const { workspaceId, owner, viewer, toolId } = await worldWithTool(api);
    const list = `/tools?workspace_id=${workspaceId}`;
    expect((await api.as(viewer).get(list)).statusCode).toBe(200);
    expect((await api.as(viewer).get(`/tools/workspace/${toolId}`)).statusCode).toBe(200);
    expect((await api.as(owner).delete(`/workspaces/${workspaceId}/members/${viewer.id}`)).statusCode).toBe(
      204,
    );
    expect((await api.as(viewer).get(list)).statusCode).toBe(404);
    expect((await api.as(viewer).get(`/tools/workspace/${toolId}`)).statusCode).toBe(404);
  });

  test('a lowered role holds at once, and a member who leaves is out at once', async ({ api }) => {
    const { workspaceId, owner, editor, toolId } = await worldWithTool(api);
    const rate = () => api.as(editor).put(`/tools/workspace/${toolId}`, { context: { rating: 4 } });
    expect((await rate()).statusCode).toBe(200);
    const lowered = await api
      .as(owner)
      .put(`/workspaces/${workspaceId}/members/${editor.id}/role`, { new_role: 'viewer' });
    expect(lowered.statusCode).toBe(200);
    expect((await rate()).statusCode).toBe(403);
    expect((await api.as(editor).delete(`/workspaces/${workspaceId}/members/${editor.id}`)).statusCode).toBe(
      204,
    );
    expect((await api.as(editor).get(`/tools?workspace_id=${workspaceId}`)).statusCode).toBe(404);
  });

  test('a transferred ownership holds at once for both the old owner and the new one', async ({ api }) => {
    const { workspaceId, owner, editor } = await worldWithTool(api);
    const transfer = (from: typeof owner, to: typeof owner) =>
      api.as(from).post(`/workspaces/${workspaceId}/transfer-ownership`, { user_id: to.id });
    // Who owns the workspace comes with the membership: the members list marks the owner from it.
    const ownerSeenBy = async (user: typeof owner) => {
      const members = memberListSchema.parse(
        (await api.as(user).get(`/workspaces/${workspaceId}/members`)).json(),
      );
      return members.find((member) => member.is_owner)?.user_id;
    };
    expect(await ownerSeenBy(owner)).toBe(owner.id);
    expect(await ownerSeenBy(editor)).toBe(owner.id);
    expect((await transfer(owner, editor)).statusCode).toBe(200);
    expect(await ownerSeenBy(owner)).toBe(editor.id);
    expect(await ownerSeenBy(editor)).toBe(editor.id);
    expect((await transfer(owner, editor)).statusCode).toBe(403);
  });

  test('a change made by another instance holds here within MEMBERSHIP_CACHE_MS', async ({ api }) => {
    const { workspaceId, viewer } = await worldWithTool(api);
    const list = `/tools?workspace_id=${workspaceId}`;
    expect((await api.as(viewer).get(list)).statusCode).toBe(200);
    await api.db.rows(
      sql`delete from workspace_members where workspace_id = ${workspaceId} and user_id = ${viewer.id}`,
    );
    // The membership was read before the change, so once MEMBERSHIP_CACHE_MS has passed it is asked anew,
    // however slow the machine.
    await new Promise((resolve) => setTimeout(resolve, MEMBERSHIP_CACHE_MS + 50));
    expect((await api.as(viewer).get(list)).statusCode).toBe(404);
  });

  test('a member just added reads at once: absence is never remembered', async ({ api }) => {
    const { workspaceId, owner } = await worldWithTool(api);
    const newcomer = await api.user(`newcomer_${workspaceId.slice(0, 8)}`);
    const list = `/tools?workspace_id=${workspaceId}`;
    expect((await api.as(newcomer).get(list)).statusCode).toBe(404);
    await api
      .as(owner)
      .post(`/workspaces/${workspaceId}/members`, { username: newcomer.username, role: 'viewer' });
    expect((await api.as(newcomer).get(list)).statusCode).toBe(200);
  });
});
