import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberListSchema } from '@stackyard/contracts/member';
import { problemSchema } from '@stackyard/contracts/problem';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

async function workspaceOf(owner: TestUser): Promise<string> {
  const response = await h.as(owner).post('/workspaces', { name: 'Team' });
  return (response.json() as { id: string }).id;
}

describe('members', () => {
  it('lists the owner first with username, display name, avatar, role and joined date', async () => {
    const owner = await h.user('team_owner');
    await h.as(owner).put('/profile', { display_name: 'Owner', avatar_url: 'https://example.com/o.png' });
    const id = await workspaceOf(owner);
    const viewer = await h.user('team_viewer');
    const added = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'Team_Viewer', role: 'viewer' });
    expect(added.statusCode).toBe(201);
    const members = memberListSchema.parse((await h.as(viewer).get(`/workspaces/${id}/members`)).json());
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
    expect((await h.as(viewer).get('/workspaces')).json()).toEqual([
      expect.objectContaining({ id, access_level: 'viewer', is_owner: false, owner_username: 'team_owner' }),
    ]);
  });

  it('adds a user by an earlier username of theirs, listed under their current one', async () => {
    const owner = await h.user();
    const id = await workspaceOf(owner);
    const renamed = await h.user('before_rename');
    await h.as(renamed).post('/profile/username', { username: 'after_rename' });
    const added = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'before_rename', role: 'editor' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      user_id: renamed.id,
      username: 'after_rename',
      access_role: 'editor',
    });
  });

  it('refuses to add a user twice, an unknown username and an unknown role', async () => {
    const owner = await h.user();
    const id = await workspaceOf(owner);
    await h.user('twice_added');
    expect(
      (await h.as(owner).post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'editor' }))
        .statusCode,
    ).toBe(201);
    const again = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'viewer' });
    expect(again.statusCode).toBe(409);
    const unknown = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'nobody_here', role: 'viewer' });
    expect(unknown.statusCode).toBe(422);
    expect(problemSchema.parse(unknown.json()).detail).toBe('No user has the username "nobody_here".');
    const badRole = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'twice_added', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(problemSchema.parse(badRole.json()).errors).toContainEqual({
      pointer: '/body/role',
      detail: 'Role must be admin, editor or viewer',
    });
  });

  it('changes roles, but never the owner’s', async () => {
    const owner = await h.user();
    const id = await workspaceOf(owner);
    const member = await h.user('role_changed');
    await h.as(owner).post(`/workspaces/${id}/members`, { username: 'role_changed', role: 'viewer' });
    const changed = await h
      .as(owner)
      .put(`/workspaces/${id}/members/${member.id}/role`, { new_role: 'admin' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ user_id: member.id, access_role: 'admin' });
    // Now an admin, they manage members too, but cannot demote the owner.
    const demote = await h
      .as(member)
      .put(`/workspaces/${id}/members/${owner.id}/role`, { new_role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    const invalid = await h
      .as(owner)
      .put(`/workspaces/${id}/members/${member.id}/role`, { new_role: 'root' });
    expect(invalid.statusCode).toBe(400);
    const stranger = await h.as(owner).put(`/workspaces/${id}/members/${crypto.randomUUID()}/role`, {
      new_role: 'viewer',
    });
    expect(stranger.statusCode).toBe(404);
    expect(problemSchema.parse(stranger.json()).detail).toBe('Member not found');
  });

  it('removes members and lets a member leave; the owner stays', async () => {
    const owner = await h.user();
    const id = await workspaceOf(owner);
    const leaving = await h.user('member_leaves');
    const removed = await h.user('member_removed');
    for (const username of ['member_leaves', 'member_removed']) {
      await h.as(owner).post(`/workspaces/${id}/members`, { username, role: 'editor' });
    }
    expect((await h.as(leaving).delete(`/workspaces/${id}/members/${leaving.id}`)).statusCode).toBe(204);
    expect((await h.as(leaving).get(`/workspaces/${id}`)).statusCode).toBe(404);
    expect((await h.as(owner).delete(`/workspaces/${id}/members/${removed.id}`)).statusCode).toBe(204);
    expect((await h.as(owner).delete(`/workspaces/${id}/members/${removed.id}`)).statusCode).toBe(404);
    const ownerLeaves = await h.as(owner).delete(`/workspaces/${id}/members/${owner.id.toUpperCase()}`);
    expect(ownerLeaves.statusCode).toBe(409);
    const members = memberListSchema.parse((await h.as(owner).get(`/workspaces/${id}/members`)).json());
    expect(members.map((member) => member.user_id)).toEqual([owner.id]);
  });
});
