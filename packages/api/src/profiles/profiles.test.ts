import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { profileSchema, USERNAME_RESERVED_DAYS, usernameRecordSchema } from '@stackyard/contracts/profile';
import { workspaceListItemSchema, workspaceListSchema } from '@stackyard/contracts/workspace';
import { VerifierUnavailableError } from '../auth/token-verifier.ts';
import { createHarness, type Harness } from '@stackyard/testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

function problem(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

describe('authentication', () => {
  it('refuses a call without a credential with a 401 problem', async () => {
    const response = await h.as(null).get('/profile');
    expect(response.statusCode).toBe(401);
    expect(problem(response)).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('refuses expired, foreign-key, wrong-issuer, non-uuid-subject, malformed and garbage tokens', async () => {
    const id = crypto.randomUUID();
    const tokens = [
      // Validly signed, but the subject cannot key the API's uuid columns.
      await h.issuer.sign('alice'),
      await h.issuer.sign(id, { expiresIn: -120 }),
      await h.issuer.sign(id, { unknownKey: true }),
      await h.issuer.sign(id, { issuer: 'https://evil.example' }),
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const response = await h.app.inject({
        url: '/api/v1/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, token).toBe(401);
    }
    const malformed = await h.app.inject({ url: '/api/v1/profile', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
  });

  it('refuses a verified identity id that is not a uuid with 401, whatever the verifier', async () => {
    const odd = await createHarness({ verifier: { verify: async () => ({ identityId: 'alice' }) } });
    try {
      const response = await odd.as({ id: 'alice', token: 'anything', username: null }).get('/workspaces');
      expect(response.statusCode).toBe(401);
    } finally {
      await odd.close();
    }
  });

  it('accepts the user_jwt cookie the web app sets', async () => {
    const id = crypto.randomUUID();
    const token = await h.issuer.sign(id);
    const response = await h.app.inject({
      url: '/api/v1/profile',
      headers: { cookie: `theme=dark; user_jwt=${token}; other=1` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ identity_id: id });
  });
});

describe('when the identity service cannot be reached', () => {
  it('answers 503 with a detail to show, not 401 (the token may be fine)', async () => {
    const down = await createHarness({
      verifier: {
        verify: () => Promise.reject(new VerifierUnavailableError()),
      },
    });
    try {
      const response = await down.as(await down.user()).get('/profile');
      expect(response.statusCode).toBe(503);
      expect(problem(response).detail).toBe('Signing in is not available right now. Try again in a moment.');
      expect(await down.mismatches()).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('profile', () => {
  it('is made on the first call, empty, without a username', async () => {
    const user = await h.user();
    const response = await h.as(user).get('/profile');
    expect(response.statusCode).toBe(200);
    expect(profileSchema.parse(response.json())).toEqual({
      identity_id: user.id,
      display_name: null,
      bio: null,
      avatar_url: null,
      theme: null,
      current_username: null,
    });
  });

  it('updates the given fields, leaves the others and clears empty ones', async () => {
    const user = await h.user('profile_editor');
    const client = h.as(user);
    const first = await client.put('/profile', {
      display_name: '  Ada Lovelace ',
      bio: 'Engines.',
      avatar_url: 'https://example.com/ada.png',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      identity_id: user.id,
      display_name: 'Ada Lovelace',
      bio: 'Engines.',
      avatar_url: 'https://example.com/ada.png',
      theme: null,
      current_username: 'profile_editor',
    });
    const second = await client.put('/profile', { bio: '', avatar_url: null });
    expect(second.json()).toMatchObject({ display_name: 'Ada Lovelace', bio: null, avatar_url: null });
  });

  it('answers 400 with one error per bad field', async () => {
    const user = await h.user();
    const response = await h.as(user).put('/profile', {
      display_name: 'x'.repeat(101),
      bio: 'y'.repeat(501),
      avatar_url: 'javascript:alert(1)',
      theme: 'sepia',
    });
    expect(response.statusCode).toBe(400);
    const errors = problem(response).errors ?? [];
    expect(errors).toEqual(
      expect.arrayContaining([
        { pointer: '/body/display_name', detail: 'Display name must be at most 100 characters' },
        { pointer: '/body/bio', detail: 'Bio must be at most 500 characters' },
        expect.objectContaining({ pointer: '/body/avatar_url' }),
        { pointer: '/body/theme', detail: 'Theme must be light, dark or system' },
      ]),
    );
  });

  it('keeps the chosen theme for every device, apart from the other fields', async () => {
    const user = await h.user();
    const client = h.as(user);
    await client.put('/profile', { display_name: 'Night Owl' });
    const chosen = await client.put('/profile', { theme: 'dark' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ display_name: 'Night Owl', theme: 'dark' });
    expect((await client.get('/profile')).json()).toMatchObject({ theme: 'dark' });
    await client.put('/profile', { theme: 'system' });
    expect((await client.get('/profile')).json()).toMatchObject({
      display_name: 'Night Owl',
      theme: 'system',
    });
    // Another user's profile is untouched.
    expect((await h.as(await h.user()).get('/profile')).json()).toMatchObject({ theme: null });
  });

  it('refuses unknown fields', async () => {
    const user = await h.user();
    const response = await h.as(user).put('/profile', { display_name: 'A', is_admin: true });
    expect(response.statusCode).toBe(400);
    expect(problem(response).detail).toMatch(/is_admin/);
  });

  it('accepts JSON bodies only', async () => {
    const user = await h.user();
    const response = await h.as(user).put('/profile', 'bio=hello', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(problem(response).status).toBe(415);
  });

  it('refuses a body over the limit with 413', async () => {
    const user = await h.user();
    const response = await h.as(user).put('/profile', { bio: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
    expect(problem(response).code).toBe('payload_too_large');
  });
});

describe('usernames', () => {
  it('lower-cases the input and keeps the history with is_current', async () => {
    const user = await h.user();
    const client = h.as(user);
    const first = await client.post('/profile/username', { username: 'Grace_H' });
    expect(first.statusCode).toBe(200);
    expect(usernameRecordSchema.parse(first.json())).toMatchObject({
      identity_id: user.id,
      username: 'grace_h',
      is_current: true,
    });
    await client.post('/profile/username', { username: 'grace_hopper' });
    expect((await client.get('/profile')).json()).toMatchObject({ current_username: 'grace_hopper' });
    const rows = await h.db.rows<{ username: string; is_current: boolean }>(
      sql`select username, is_current from usernames where identity_id = ${user.id} order by username`,
    );
    expect(rows).toEqual([
      { username: 'grace_h', is_current: false },
      { username: 'grace_hopper', is_current: true },
    ]);
    // Taking back one's own earlier username is allowed.
    const back = await client.post('/profile/username', { username: 'grace_h' });
    expect(back.json()).toMatchObject({ username: 'grace_h', is_current: true });
  });

  it("refuses someone else's current username, and their earlier one while reserved, with 409", async () => {
    const owner = await h.user('taken_name');
    await h.as(owner).post('/profile/username', { username: 'newer_name' });
    const other = await h.user();
    const current = await h.as(other).post('/profile/username', { username: 'NEWER_NAME' });
    expect(current.statusCode).toBe(409);
    expect(problem(current).detail).toBe('Username is already taken');
    const earlier = await h.as(other).post('/profile/username', { username: 'taken_name' });
    expect(earlier.statusCode).toBe(409);
    expect(problem(earlier).detail).toBe(
      'Username is not available: another user changed it recently, and a username stays reserved for its ' +
        `previous owner for ${USERNAME_RESERVED_DAYS} days after they change it.`,
    );
    expect((await h.as(other).get('/profile/username/check/taken_name')).json()).toEqual({
      available: false,
      reason: problem(earlier).detail,
    });
    expect((await h.as(other).get('/profile/username/check/newer_name')).json()).toEqual({
      available: false,
    });
  });

  it('releases an earlier username to others once its reservation is over', async () => {
    const owner = await h.user('released_name');
    await h.as(owner).post('/profile/username', { username: 'kept_name' });
    const created = await h.as(owner).post('/workspaces', { name: 'Released', slug: 'released' });
    const { id } = workspaceListItemSchema.parse(created.json());
    const member = await h.user('released_member');
    const added = await h
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'released_member', role: 'viewer' });
    expect(added.statusCode).toBe(201);
    const listed = async () =>
      workspaceListSchema
        .parse((await h.as(member).get('/workspaces')).json())
        .find((item) => item.id === id);
    expect(await listed()).toMatchObject({
      owner_username: 'kept_name',
      owner_previous_usernames: ['released_name'],
    });

    // The owner gave it up a day more than the reservation ago.
    await h.db.rows(
      sql`update usernames set updated_at = now() - make_interval(days => ${USERNAME_RESERVED_DAYS + 1})
          where username = 'released_name'`,
    );
    const other = await h.user();
    expect((await h.as(other).get('/profile/username/check/released_name')).json()).toEqual({
      available: true,
    });
    const claimed = await h.as(other).post('/profile/username', { username: 'released_name' });
    expect(claimed.statusCode).toBe(200);
    expect(usernameRecordSchema.parse(claimed.json())).toMatchObject({
      identity_id: other.id,
      is_current: true,
    });
    // It left the previous owner's history: their workspace no longer answers under it, nor can they take it back.
    expect(await listed()).toMatchObject({ owner_username: 'kept_name', owner_previous_usernames: [] });
    const back = await h.as(owner).post('/profile/username', { username: 'released_name' });
    expect(problem(back).detail).toBe('Username is already taken');
  });

  it('answers the exact messages for bad usernames', async () => {
    const user = await h.user();
    const cases: Array<[string, string]> = [
      ['', 'Username is required'],
      ['ab', 'Username must be at least 3 characters'],
      ['a'.repeat(31), 'Username must be at most 30 characters'],
      ['bad-name', 'Username must contain only lowercase letters, numbers, and underscores'],
    ];
    for (const [username, detail] of cases) {
      const response = await h.as(user).post('/profile/username', { username });
      expect(response.statusCode, username).toBe(400);
      expect(problem(response).errors?.[0]).toEqual({ pointer: '/body/username', detail });
    }
  });

  it('reports availability', async () => {
    const owner = await h.user('checked_name');
    const other = await h.user();
    expect((await h.as(other).get('/profile/username/check/checked_name')).json()).toEqual({
      available: false,
    });
    expect((await h.as(other).get('/profile/username/check/Free_Name')).json()).toEqual({ available: true });
    expect((await h.as(owner).get('/profile/username/check/checked_name')).json()).toEqual({
      available: true,
    });
    expect((await h.as(other).get('/profile/username/check/no!')).statusCode).toBe(400);
  });

  it('gives one of several simultaneous claims the name and the others a 409, never a 500', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => h.user()));
    const responses = await Promise.all(
      users.map((user) => h.as(user).post('/profile/username', { username: 'race_winner' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
  });
  it('settles one user claiming several names at once with exactly one current', async () => {
    const user = await h.user();
    const names = ['many_a', 'many_b', 'many_c', 'many_d'];
    const responses = await Promise.all(
      names.map((username) => h.as(user).post('/profile/username', { username })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const current = await h.db.rows<{ username: string }>(
      sql`select username from usernames where identity_id = ${user.id} and is_current`,
    );
    expect(current).toHaveLength(1);
    expect((await h.as(user).get('/profile')).json()).toMatchObject({
      current_username: current[0]?.username,
    });
  });
});

describe('user search', () => {
  it('finds current usernames by prefix, with minimal fields', async () => {
    const user = await h.user('search_alpha');
    await h.user('search_beta');
    await h.user('searchxgamma');
    await h.as(user).put('/profile', { display_name: 'Alpha' });
    const response = await h.as(user).get('/users/search?q=Search_');
    expect(response.statusCode).toBe(200);
    // "_" matches only itself, not any character.
    expect(response.json()).toEqual([
      { user_id: user.id, username: 'search_alpha', display_name: 'Alpha', avatar_url: null },
      expect.objectContaining({ username: 'search_beta' }),
    ]);
    expect((await h.as(user).get('/users/search?q=search&limit=1')).json()).toHaveLength(1);
    expect((await h.as(user).get('/users/search?q=')).statusCode).toBe(400);
    expect((await h.as(user).get('/users/search?q=a&limit=99')).statusCode).toBe(400);
  });
});
