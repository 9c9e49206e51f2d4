import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

function ok<T>(response: { statusCode: number; body: string; json(): unknown }, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

async function workspace(owner: TestUser, name: string): Promise<string> {
  return ok<{ id: string }>(await h.as(owner).post('/workspaces', { name }), 201).id;
}

async function join(owner: TestUser, workspaceId: string, user: TestUser, role = 'editor'): Promise<void> {
  ok(await h.as(owner).post(`/workspaces/${workspaceId}/members`, { username: user.username, role }), 201);
}

/** DELETE /me with its typed confirmation (the harness's delete sends no body). */
const deleteMe = (user: TestUser, confirmation: string) =>
  h.app.inject({
    method: 'DELETE',
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { confirmation },
  });

const transfer = (caller: TestUser, workspaceId: string, userId: string) =>
  h.as(caller).post(`/workspaces/${workspaceId}/transfer-ownership`, { user_id: userId });

describe('POST /workspaces/{id}/transfer-ownership', () => {
  it('makes a member the owner and keeps the old owner as an admin', async () => {
    const owner = await h.user('tr_owner');
    const editor = await h.user('tr_editor');
    const id = await workspace(owner, 'Handed Over');
    await join(owner, id, editor);
    const member = memberSchema.parse(ok(await transfer(owner, id, editor.id), 200));
    expect(member).toMatchObject({ user_id: editor.id, is_owner: true, access_role: 'admin' });

    const seenByOld = workspaceListSchema.parse((await h.as(owner).get('/workspaces')).json());
    expect(seenByOld.find((item) => item.id === id)).toMatchObject({
      is_owner: false,
      access_level: 'admin',
      owner_id: editor.id,
      owner_username: 'tr_editor',
    });
    // The old owner is an admin now: no longer allowed to hand it on, nor to delete it.
    expect((await transfer(owner, id, owner.id)).statusCode).toBe(403);
    expect((await h.as(owner).delete(`/workspaces/${id}`)).statusCode).toBe(403);
  });

  it('is the owner’s alone: admins get 403, strangers 404', async () => {
    const owner = await h.user('tr2_owner');
    const admin = await h.user('tr2_admin');
    const stranger = await h.user('tr2_stranger');
    const id = await workspace(owner, 'Mine');
    await join(owner, id, admin, 'admin');
    expect((await transfer(admin, id, admin.id)).json()).toMatchObject({
      status: 403,
      detail: 'Only the owner can transfer ownership of this workspace.',
    });
    expect((await transfer(stranger, id, stranger.id)).statusCode).toBe(404);
  });

  it('refuses a new owner who is not a member, the owner themselves, and a slug the new owner uses', async () => {
    const owner = await h.user('tr3_owner');
    const other = await h.user('tr3_other');
    const id = await workspace(owner, 'Tools');
    const notMember = await transfer(owner, id, other.id);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toMatchObject({ detail: expect.stringContaining('add them as a member first') });
    expect((await transfer(owner, id, owner.id)).statusCode).toBe(409);

    await workspace(other, 'Tools');
    await join(owner, id, other);
    const clash = await transfer(owner, id, other.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      detail: expect.stringContaining('tr3_other already has a workspace'),
    });
  });
});

describe('account deletion', () => {
  it('says what to type and which shared workspaces stop it', async () => {
    const me = await h.user('del_preview');
    const friend = await h.user('del_preview_friend');
    const shared = await workspace(me, 'Shared');
    const alone = await workspace(me, 'Alone');
    await join(me, shared, friend);
    const preview = accountDeletionPreviewSchema.parse(ok(await h.as(me).get('/me/deletion'), 200));
    expect(preview).toEqual({
      confirmation: 'del_preview',
      shared_workspaces: [{ id: shared, name: 'Shared', slug: 'shared', other_members: 1 }],
      workspaces_to_delete: [{ id: alone, name: 'Alone', slug: 'alone' }],
    });
  });

  it('wants the username typed exactly', async () => {
    const me = await h.user('del_typed');
    const response = await deleteMe(me, 'del_typo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('"del_typed"') });
    expect((await h.as(me).get('/profile')).statusCode).toBe(200);
  });

  it('is refused with 409 while the user owns a workspace with other members, allowed after a transfer', async () => {
    const me = await h.user('del_owner');
    const friend = await h.user('del_friend');
    const team = await workspace(me, 'Team Space');
    const solo = await workspace(me, 'Solo Space');
    await join(me, team, friend);
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: team,
      url: 'https://vite.dev/deletion',
      slug: 'vite',
    });
    ok(await h.as(me).post(`/tools/workspace/${workspaceToolId}/comments`, { content: 'Mine' }), 201);
    ok(await h.as(friend).post(`/tools/workspace/${workspaceToolId}/comments`, { content: 'Theirs' }), 201);
    // A workspace of the friend's where I am a member and wrote something.
    const theirs = await workspace(friend, 'Friend Space');
    await join(friend, theirs, me, 'viewer');
    const token = ok<{ token: string }>(
      await h.as(me).post('/tokens', { name: 'Script', scope: 'read' }),
      201,
    );

    const refused = await deleteMe(me, 'del_owner');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringContaining('"Team Space" (1 other member)'),
    });
    expect((await h.as(me).get('/profile')).statusCode).toBe(200);

    ok(await transfer(me, team, friend.id), 200);
    ok(await deleteMe(me, 'DEL_OWNER'), 204);

    const db = h.db.db;
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
    expect((await h.as(me).get('/profile')).statusCode).toBe(401);
    expect((await h.as({ ...me, token: token.token }).get('/workspaces')).statusCode).toBe(401);
    expect(await db.select().from(profiles).where(eq(profiles.identityId, me.id))).toEqual([]);
  });

  it('cannot be done with an access token', async () => {
    const me = await h.user('del_token');
    const created = ok<{ token: string }>(
      await h.as(me).post('/tokens', { name: 'Script', scope: 'read_write' }),
      201,
    );
    const response = await deleteMe({ ...me, token: created.token }, 'del_token');
    expect(response.statusCode).toBe(403);
    expect((await h.as(me).get('/profile')).statusCode).toBe(200);
  });
});
