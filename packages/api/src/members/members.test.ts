import { describe, expect } from 'vitest';
import { memberListSchema } from '@stackyard/contracts/member';
import { problemSchema } from '@stackyard/contracts/problem';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';

const test = apiTest();

async function workspaceOf(api: Harness, owner: TestUser): Promise<string> {
  const response = await api.as(owner).post('/workspaces', { name: 'Team' });
  return (response.json() as { id: string }).id;
}

describe('members', () => {
  test('lists the owner first with username, display name, avatar, role and joined date', async ({ api }) => {
    const owner = await api.user('team_owner');
    await api.as(owner).put('/profile', { display_name: 'Owner', avatar_url: 'https://example.com/o.png' });
    const id = await workspaceOf(api, owner);
    const viewer = await api.user('team_viewer');
    const added = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'Team_Viewer', role: 'viewer' });
    expect(added.statusCode).toBe(201);
    const members = memberListSchema.parse((await api.as(viewer).get(`/workspaces/${id}/members`)).json());
    expect(members).toEqual([
      {
        workspace_id: id,
        user_id: owner.id,
        access_role: 'admin',
        is_owner: true,
        username: 'team_owner',
        display_name: 'Owner',
        avatar_url: 'https://example.com/o.png',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({
        user_id: viewer.id,
        access_role: 'viewer',
        is_owner: false,
        username: 'team_viewer',
      }),
    ]);
    // The new member sees the workspace in their list with their access.
    expect((await api.as(viewer).get('/workspaces')).json()).toEqual([
      expect.objectContaining({ id, access_level: 'viewer', is_owner: false, owner_username: 'team_owner' }),
    ]);
  });

  test('adds a user by an earlier username of theirs, listed under their current one', async ({ api }) => {
    const owner = await api.user();
    const id = await workspaceOf(api, owner);
    const renamed = await api.user('before_rename');
    await api.as(renamed).post('/profile/username', { username: 'after_rename' });
    const added = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'before_rename', role: 'editor' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      user_id: renamed.id,
      username: 'after_rename',
      access_role: 'editor',
    });
  });

  test('refuses to add a user twice, an unknown username and an unknown role', async ({ api }) => {
    const owner = await api.user();
    const id = await workspaceOf(api, owner);
    await api.user('twice_added');
    expect(
      (await api.as(owner).post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'editor' }))
        .statusCode,
    ).toBe(201);
    const again = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'viewer' });
    expect(again.statusCode).toBe(409);
    const unknown = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'nobody_here', role: 'viewer' });
    expect(unknown.statusCode).toBe(422);
    expect(problemSchema.parse(unknown.json()).detail).toBe('No user has the username "nobody_here".');
    const badRole = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(problemSchema.parse(badRole.json()).errors).toContainEqual({
      pointer: '/body/role',
      detail: 'Role must be admin, editor or viewer',
    });
  });

  test('changes roles, but never the owner’s', async ({ api }) => {
    const owner = await api.user();
    const id = await workspaceOf(api, owner);
    const member = await api.user('role_changed');
    await api.as(owner).post(`/workspaces/${id}/members`, { username: 'role_changed', role: 'viewer' });
    const changed = await api
      .as(owner)
      .put(`/workspaces/${id}/members/${member.id}/role`, { new_role: 'admin' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ user_id: member.id, access_role: 'admin' });
    // Now an admin, they manage members too, but cannot demote the owner.
    const demote = await api
      .as(member)
      .put(`/workspaces/${id}/members/${owner.id}/role`, { new_role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    const invalid = await api
      .as(owner)
      .put(`/workspaces/${id}/members/${member.id}/role`, { new_role: 'root' });
    expect(invalid.statusCode).toBe(400);
    const stranger = await api.as(owner).put(`/workspaces/${id}/members/${crypto.randomUUID()}/role`, {
      new_role: 'viewer',
    });
    expect(stranger.statusCode).toBe(404);
    expect(problemSchema.parse(stranger.json()).detail).toBe('Member not found');
  });

  test('removes members and lets a member leave; the owner stays', async ({ api }) => {
    const owner = await api.user();
    const id = await workspaceOf(api, owner);
    const leaving = await api.user('member_leaves');
    const removed = await api.user('member_removed');
    for (const username of ['member_leaves', 'member_removed']) {
      await api.as(owner).post(`/workspaces/${id}/members`, { username, role: 'editor' });
    }
    expect((await api.as(leaving).delete(`/workspaces/${id}/members/${leaving.id}`)).statusCode).toBe(204);
    expect((await api.as(leaving).get(`/workspaces/${id}`)).statusCode).toBe(404);
    expect((await api.as(owner).delete(`/workspaces/${id}/members/${removed.id}`)).statusCode).toBe(204);
    expect((await api.as(owner).delete(`/workspaces/${id}/members/${removed.id}`)).statusCode).toBe(404);
    const ownerLeaves = await api.as(owner).delete(`/workspaces/${id}/members/${owner.id.toUpperCase()}`);
    expect(ownerLeaves.statusCode).toBe(409);
    const members = memberListSchema.parse((await api.as(owner).get(`/workspaces/${id}/members`)).json());
    expect(members.map((member) => member.user_id)).toEqual([owner.id]);
  });
});
