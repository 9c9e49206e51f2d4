import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { accountDeletionPreviewSchema } from '@stackyard/contracts/account';
import { memberSchema } from '@stackyard/contracts/member';
import { workspaceListSchema } from '@stackyard/contracts/workspace';
import {
  accessTokens,
  comments,
  profiles,
  usernames,
  workspaceMembers,
  workspaces,
} from '@stackyard/db/schema';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';

const test = apiTest();

async function workspace(api: Harness, owner: TestUser, name: string): Promise<string> {
  return expectStatus<{ id: string }>(await api.as(owner).post('/workspaces', { name }), 201).id;
}

async function join(
  api: Harness,
  owner: TestUser,
  workspaceId: string,
  user: TestUser,
  role = 'editor',
): Promise<void> {
  expectStatus(
    await api.as(owner).post(`/workspaces/${workspaceId}/members`, { username: user.username, role }),
    201,
  );
}

/** DELETE /me with its typed confirmation (the harness's delete sends no body). */
const deleteMe = (api: Harness, user: TestUser, confirmation: string) =>
  api.app.inject({
    method: 'DELETE',
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { confirmation },
  });

const transfer = (api: Harness, caller: TestUser, workspaceId: string, userId: string) =>
  api.as(caller).post(`/workspaces/${workspaceId}/transfer-ownership`, { user_id: userId });

describe('POST /workspaces/{id}/transfer-ownership', () => {
  test('makes a member the owner and keeps the old owner as an admin', async ({ api }) => {
    const owner = await api.user('tr_owner');
    const editor = await api.user('tr_editor');
    const id = await workspace(api, owner, 'Handed Over');
    await join(api, owner, id, editor);
    const member = memberSchema.parse(expectStatus(await transfer(api, owner, id, editor.id), 200));
    expect(member).toMatchObject({ user_id: editor.id, is_owner: true, access_role: 'admin' });

    const seenByOld = workspaceListSchema.parse((await api.as(owner).get('/workspaces')).json());
    expect(seenByOld.find((item) => item.id === id)).toMatchObject({
      is_owner: false,
      access_level: 'admin',
      owner_id: editor.id,
      owner_username: 'tr_editor',
    });
    // The old owner is an admin now: no longer allowed to hand it on, nor to delete it.
    expect((await transfer(api, owner, id, owner.id)).statusCode).toBe(403);
    expect((await api.as(owner).delete(`/workspaces/${id}`)).statusCode).toBe(403);
  });

  test('is the owner’s alone: admins get 403, strangers 404', async ({ api }) => {
    const owner = await api.user('tr2_owner');
    const admin = await api.user('tr2_admin');
    const stranger = await api.user('tr2_stranger');
    const id = await workspace(api, owner, 'Mine');
    await join(api, owner, id, admin, 'admin');
    expect((await transfer(api, admin, id, admin.id)).json()).toMatchObject({
      status: 403,
      detail: 'Only the owner can transfer ownership of this workspace.',
    });
    expect((await transfer(api, stranger, id, stranger.id)).statusCode).toBe(404);
  });

  test('refuses a new owner who is not a member, the owner themselves, and a slug the new owner uses', async ({
    api,
  }) => {
    const owner = await api.user('tr3_owner');
    const other = await api.user('tr3_other');
    const id = await workspace(api, owner, 'Tools');
    const notMember = await transfer(api, owner, id, other.id);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toMatchObject({ detail: expect.stringContaining('add them as a member first') });
    expect((await transfer(api, owner, id, owner.id)).statusCode).toBe(409);

    await workspace(api, other, 'Tools');
    await join(api, owner, id, other);
    const clash = await transfer(api, owner, id, other.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      detail: expect.stringContaining('tr3_other already has a workspace'),
    });
  });
});

describe('account deletion', () => {
  test('says what to type and which shared workspaces stop it', async ({ api }) => {
    const me = await api.user('del_preview');
    const friend = await api.user('del_preview_friend');
    const shared = await workspace(api, me, 'Shared');
    const alone = await workspace(api, me, 'Alone');
    await join(api, me, shared, friend);
    const response = await api.as(me).get('/me/deletion');
    const expected = {
      confirmation: 'del_preview',
      shared_workspaces: [{ id: shared, name: 'Shared', slug: 'shared', other_members: 1 }],
      workspaces_to_delete: [{ id: alone, name: 'Alone', slug: 'alone' }],
    };
    expect(accountDeletionPreviewSchema.parse(expectStatus(response, 200))).toEqual(expected);
    // The body itself, so its key order is pinned too.
    expect(response.body).toBe(JSON.stringify(expected));
  });

  test('wants the username typed exactly', async ({ api }) => {
    const me = await api.user('del_typed');
    const response = await deleteMe(api, me, 'del_typo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('"del_typed"') });
    expect((await api.as(me).get('/profile')).statusCode).toBe(200);
  });

  test('is refused with 409 while the user owns a workspace with other members, allowed after a transfer', async ({
    api,
  }) => {
    const me = await api.user('del_owner');
    const friend = await api.user('del_friend');
    const team = await workspace(api, me, 'Team Space');
    const solo = await workspace(api, me, 'Solo Space');
    await join(api, me, team, friend);
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: team,
      url: 'https://vite.dev/deletion',
      slug: 'vite',
    });
    expectStatus(
      await api.as(me).post(`/tools/workspace/${workspaceToolId}/comments`, { content: 'Mine' }),
      201,
    );
    expectStatus(
      await api.as(friend).post(`/tools/workspace/${workspaceToolId}/comments`, { content: 'Theirs' }),
      201,
    );
    // A workspace of the friend's where I am a member and wrote something.
    const theirs = await workspace(api, friend, 'Friend Space');
    await join(api, friend, theirs, me, 'viewer');
    const token = expectStatus<{ token: string }>(
      await api.as(me).post('/tokens', { name: 'Script', scope: 'read' }),
      201,
    );

    const refused = await deleteMe(api, me, 'del_owner');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringContaining('"Team Space" (1 other member)'),
    });
    expect((await api.as(me).get('/profile')).statusCode).toBe(200);

    expectStatus(await transfer(api, me, team, friend.id), 200);
    expectStatus(await deleteMe(api, me, 'DEL_OWNER'), 204);

    const db = api.db.db;
    expect(await db.select().from(profiles).where(eq(profiles.identityId, me.id))).toEqual([]);
    expect(await db.select().from(usernames).where(eq(usernames.identityId, me.id))).toEqual([]);
    expect(await db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, me.id))).toEqual([]);
    expect(await db.select().from(comments).where(eq(comments.commenterId, me.id))).toEqual([]);
    expect(await db.select().from(accessTokens).where(eq(accessTokens.userId, me.id))).toEqual([]);
    // Only the workspace I owned alone went; the transferred one and the friend's stay, with the friend's words.
    const left = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(inArray(workspaces.id, [team, solo, theirs]));
    expect(left.map((row) => row.id).sort()).toEqual([team, theirs].sort());
    expect(await db.select().from(comments).where(eq(comments.commenterId, friend.id))).toHaveLength(1);

    // The session's token and the access token stop working at once.
    expect((await api.as(me).get('/profile')).statusCode).toBe(401);
    expect((await api.as({ ...me, token: token.token }).get('/workspaces')).statusCode).toBe(401);
    expect(await db.select().from(profiles).where(eq(profiles.identityId, me.id))).toEqual([]);
  });

  test('cannot be done with an access token', async ({ api }) => {
    const me = await api.user('del_token');
    const created = expectStatus<{ token: string }>(
      await api.as(me).post('/tokens', { name: 'Script', scope: 'read_write' }),
      201,
    );
    const response = await deleteMe(api, { ...me, token: created.token }, 'del_token');
    expect(response.statusCode).toBe(403);
    expect((await api.as(me).get('/profile')).statusCode).toBe(200);
  });
});
