import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accessTokenListSchema,
  createdAccessTokenSchema,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '@stackyard/contracts/access-token';
import { problemSchema } from '@stackyard/contracts/problem';
import { workspaceListSchema } from '@stackyard/contracts/workspace';
import { accessTokens } from '@stackyard/db/schema';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';

const test = apiTest();

async function createToken(
  api: Harness,
  user: TestUser,
  input: CreateAccessToken,
): Promise<CreatedAccessToken> {
  return createdAccessTokenSchema.parse(expectStatus(await api.as(user).post('/tokens', input), 201));
}

/** The same user, calling with a personal access token instead of a session. */
function holding(user: TestUser, token: CreatedAccessToken): TestUser {
  return { ...user, token: token.token };
}

function detail(response: { json(): unknown }): string | undefined {
  return problemSchema.parse(response.json()).detail;
}

describe('personal access tokens', () => {
  test('are shown once, stored hashed, listed with prefix and last use, and work as a bearer credential', async ({
    api,
    world,
  }) => {
    const token = await createToken(api, world.editor, {
      name: 'CI',
      scope: 'read_write',
      expires_in_days: 30,
    });
    expect(token.token).toMatch(/^sy_pat_[A-Za-z0-9_-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);
    expect(token).toMatchObject({ name: 'CI', scope: 'read_write', workspace_id: null, last_used_at: null });
    const days = (Date.parse(token.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const [row] = await api.db.db.select().from(accessTokens).where(eq(accessTokens.id, token.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.token.slice(token.prefix.length));

    const workspaces = workspaceListSchema.parse(
      expectStatus(await api.as(holding(world.editor, token)).get('/workspaces'), 200),
    );
    expect(workspaces.map((workspace) => workspace.id)).toContain(world.workspaceId);
    expectStatus(
      await api
        .as(holding(world.editor, token))
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'From CI', color: '#123456' }),
      201,
    );

    const listed = accessTokenListSchema.parse(expectStatus(await api.as(world.editor).get('/tokens'), 200));
    expect(listed).toHaveLength(1);
    expect(listed[0]?.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(token.token);
    // Tokens are private to their holder.
    expect(accessTokenListSchema.parse(expectStatus(await api.as(world.viewer).get('/tokens'), 200))).toEqual(
      [],
    );
  });

  test('never expire when asked, and a read token may read but is refused every change with a reason', async ({
    api,
    world,
  }) => {
    const token = await createToken(api, world.owner, {
      name: 'Reader',
      scope: 'read',
      expires_in_days: null,
    });
    expect(token.expires_at).toBeNull();
    const reader = api.as(holding(world.owner, token));
    expectStatus(await reader.get(`/tags?workspace_id=${world.workspaceId}`), 200);
    for (const response of [
      await reader.post('/tags', { workspace_id: world.workspaceId, tag_name: 'x', color: '#000000' }),
      await reader.put(`/workspaces/${world.workspaceId}`, { name: 'Renamed' }),
      await reader.post('/workspaces', { name: 'Another' }),
      await reader.put('/profile', { bio: 'hi' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(detail(response)).toBe(
        'This access token can only read. Create a token with the read_write scope to make changes.',
      );
    }
  });

  test('limited to one workspace, see no other workspace and cannot create one; a viewer stays a viewer', async ({
    api,
    world,
  }) => {
    const other = await catalogWorld(api);
    // The viewer of `world` is nobody in `other`; make them a member there too, as an editor.
    const joined = await api
      .as(other.owner)
      .post(`/workspaces/${other.workspaceId}/members`, { username: world.viewer.username, role: 'editor' });
    expect(joined.statusCode, joined.body).toBe(201);
    const token = await createToken(api, world.viewer, {
      name: 'Only one',
      scope: 'read_write',
      workspace_id: world.workspaceId,
    });
    const limited = api.as(holding(world.viewer, token));
    const listed = workspaceListSchema.parse(expectStatus(await limited.get('/workspaces'), 200));
    expect(listed.map((workspace) => workspace.id)).toEqual([world.workspaceId]);
    expectStatus(await limited.get(`/workspaces/${world.workspaceId}`), 200);
    // Where the holder is an editor, the token still sees nothing: the same 404 as for a stranger.
    expect(detail(await limited.get(`/workspaces/${other.workspaceId}`))).toBe('Workspace not found');
    expectStatus(await limited.get(`/tags?workspace_id=${other.workspaceId}`), 404);
    // The holder's role is kept: a viewer's read_write token cannot change the catalog.
    const refused = await limited.post('/tags', {
      workspace_id: world.workspaceId,
      tag_name: 'x',
      color: '#000000',
    });
    expect(refused.statusCode).toBe(403);
    expect(detail(refused)).toBe('Only editors and admins can change the catalog of this workspace.');
    const create = await limited.post('/workspaces', { name: 'Elsewhere' });
    expect(create.statusCode).toBe(403);
    expect(detail(create)).toBe(
      'This access token is limited to some workspaces; it cannot create workspaces.',
    );
  });

  test('stop working at once when revoked or expired', async ({ api, world }) => {
    const revoked = await createToken(api, world.editor, { name: 'Soon revoked', scope: 'read' });
    const expired = await createToken(api, world.editor, {
      name: 'Soon expired',
      scope: 'read',
      expires_in_days: 30,
    });
    expectStatus(await api.as(holding(world.editor, revoked)).get('/workspaces'), 200);
    expectStatus(await api.as(holding(world.editor, expired)).get('/workspaces'), 200);

    expectStatus(await api.as(world.editor).delete(`/tokens/${revoked.id}`), 204);
    await api.db.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, expired.id));
    for (const token of [revoked, expired]) {
      const response = await api.as(holding(world.editor, token)).get('/workspaces');
      expect(response.statusCode).toBe(401);
      expect(detail(response)).toBe(
        'This access token is not valid: it may have been revoked or have expired. Create a new one in Settings → Access tokens.',
      );
    }
    const listed = accessTokenListSchema.parse(expectStatus(await api.as(world.editor).get('/tokens'), 200));
    expect(listed.find((token) => token.id === revoked.id)?.revoked_at).not.toBeNull();
    // A made-up token with the right prefix is refused the same way.
    const guessed = await api.as({ ...world.editor, token: `sy_pat_${'a'.repeat(43)}` }).get('/workspaces');
    expect(guessed.statusCode).toBe(401);
  });

  test('are managed only from a session, only by their holder, and refuse bad input with field errors', async ({
    api,
    world,
  }) => {
    const outsider = await api.user();
    const token = await createToken(api, world.owner, { name: 'Script', scope: 'read_write' });
    const scripted = api.as(holding(world.owner, token));
    for (const response of [
      await scripted.get('/tokens'),
      await scripted.post('/tokens', { name: 'Child', scope: 'read' }),
      await scripted.delete(`/tokens/${token.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(detail(response)).toBe(
        'Access tokens are managed in the app, signed in: an access token cannot list, create or revoke tokens.',
      );
    }
    // Someone else's token id is not found, and stays alive.
    expectStatus(await api.as(outsider).delete(`/tokens/${token.id}`), 404);
    expectStatus(await scripted.get('/workspaces'), 200);
    // A workspace the user is no member of cannot be named.
    const foreign = await api
      .as(outsider)
      .post('/tokens', { name: 'Sneaky', scope: 'read', workspace_id: world.workspaceId });
    expect(foreign.statusCode).toBe(404);

    const bad = await api.as(world.owner).post('/tokens', { name: ' ', scope: 'admin', expires_in_days: 7 });
    expect(bad.statusCode).toBe(400);
    const pointers = (problemSchema.parse(bad.json()).errors ?? []).map((error) => error.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/body/name', '/body/scope', '/body/expires_in_days']));
  });
});
