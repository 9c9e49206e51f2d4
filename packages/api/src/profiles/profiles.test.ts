import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { profileSchema, USERNAME_RESERVED_DAYS, usernameRecordSchema } from '@stackyard/contracts/profile';
import { workspaceListItemSchema, workspaceListSchema } from '@stackyard/contracts/workspace';
import { VerifierUnavailableError } from '../auth/token-verifier.ts';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { createHarness } from '@stackyard/testing/harness';

const test = apiTest();

function problem(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

describe('authentication', () => {
  test('refuses a call without a credential with a 401 problem', async ({ api }) => {
    const response = await api.as(null).get('/profile');
    expect(response.statusCode).toBe(401);
    expect(problem(response)).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  test('refuses expired, foreign-key, wrong-issuer, non-uuid-subject, malformed and garbage tokens', async ({
    api,
  }) => {
    const id = crypto.randomUUID();
    const tokens = [
      // Validly signed, but the subject cannot key the API's uuid columns.
      await api.issuer.sign('alice'),
      await api.issuer.sign(id, { expiresIn: -120 }),
      await api.issuer.sign(id, { unknownKey: true }),
      await api.issuer.sign(id, { issuer: 'https://evil.example' }),
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const response = await api.app.inject({
        url: '/api/v1/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, token).toBe(401);
    }
    const malformed = await api.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });

  test('refuses a verified identity id that is not a uuid with 401, whatever the verifier', async () => {
    const odd = await createHarness({ verifier: { verify: async () => ({ identityId: 'alice' }) } });
    try {
      const response = await odd.as({ id: 'alice', token: 'anything', username: null }).get('/workspaces');
      expect(response.statusCode).toBe(401);
    } finally {
      await odd.close();
    }
  });

  test('accepts the user_jwt cookie the web app sets', async ({ api }) => {
    const id = crypto.randomUUID();
    const token = await api.issuer.sign(id);
    const response = await api.app.inject({
      url: '/api/v1/profile',
      headers: { cookie: `theme=dark; user_jwt=${token}; other=1` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ identity_id: id });
  });
});

describe('when the identity service cannot be reached', () => {
  test('answers 503 with a detail to show, not 401 (the token may be fine)', async () => {
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
  test('is made on the first call, empty, without a username', async ({ api }) => {
    const user = await api.user();
    const response = await api.as(user).get('/profile');
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

  test('updates the given fields, leaves the others and clears empty ones', async ({ api }) => {
    const user = await api.user('profile_editor');
    const client = api.as(user);
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

  test('answers 400 with one error per bad field', async ({ api }) => {
    const user = await api.user();
    const response = await api.as(user).put('/profile', {
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

  test('keeps the chosen theme for every device, apart from the other fields', async ({ api }) => {
    const user = await api.user();
    const client = api.as(user);
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
    expect((await api.as(await api.user()).get('/profile')).json()).toMatchObject({ theme: null });
  });

  test('refuses unknown fields', async ({ api }) => {
    const user = await api.user();
    const response = await api.as(user).put('/profile', { display_name: 'A', is_admin: true });
    expect(response.statusCode).toBe(400);
    expect(problem(response).detail).toMatch(/is_admin/);
  });

  test('accepts JSON bodies only', async ({ api }) => {
    const user = await api.user();
    const response = await api.as(user).put('/profile', 'bio=hello', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(problem(response).status).toBe(415);
  });

  test('refuses a body over the limit with 413', async ({ api }) => {
    const user = await api.user();
    const response = await api.as(user).put('/profile', { bio: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
    expect(problem(response).code).toBe('payload_too_large');
  });
});

describe('usernames', () => {
  test('lower-cases the input and keeps the history with is_current', async ({ api }) => {
    const user = await api.user();
    const client = api.as(user);
    const first = await client.post('/profile/username', { username: 'Grace_H' });
    expect(first.statusCode).toBe(200);
    expect(usernameRecordSchema.parse(first.json())).toMatchObject({
      identity_id: user.id,
      username: 'grace_h',
      is_current: true,
    });
    await client.post('/profile/username', { username: 'grace_hopper' });
    expect((await client.get('/profile')).json()).toMatchObject({ current_username: 'grace_hopper' });
    const rows = await api.db.rows<{ username: string; is_current: boolean }>(
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

  test("refuses someone else's current username, and their earlier one while reserved, with 409", async ({
    api,
  }) => {
    const owner = await api.user('taken_name');
    await api.as(owner).post('/profile/username', { username: 'newer_name' });
    const other = await api.user();
    const current = await api.as(other).post('/profile/username', { username: 'NEWER_NAME' });
    expect(current.statusCode).toBe(409);
    expect(problem(current).detail).toBe('Username is already taken');
    const earlier = await api.as(other).post('/profile/username', { username: 'taken_name' });
    expect(earlier.statusCode).toBe(409);
    expect(problem(earlier).detail).toBe(
      'Username is not available: another user changed it recently, and a username stays reserved for its ' +
        `previous owner for ${USERNAME_RESERVED_DAYS} days after they change it.`,
    );
    expect((await api.as(other).get('/profile/username/check/taken_name')).json()).toEqual({
      available: false,
      reason: problem(earlier).detail,
    });
    expect((await api.as(other).get('/profile/username/check/newer_name')).json()).toEqual({
      available: false,
    });
  });

  test('releases an earlier username to others once its reservation is over', async ({ api }) => {
    const owner = await api.user('released_name');
    await api.as(owner).post('/profile/username', { username: 'kept_name' });
    const created = await api.as(owner).post('/workspaces', { name: 'Released', slug: 'released' });
    const { id } = workspaceListItemSchema.parse(created.json());
    const member = await api.user('released_member');
    const added = await api
      .as(owner)
      .post(`/workspaces/${id}/members`, { username: 'released_member', role: 'viewer' });
    expect(added.statusCode).toBe(201);
    const listed = async () =>
      workspaceListSchema
        .parse((await api.as(member).get('/workspaces')).json())
        .find((item) => item.id === id);
    expect(await listed()).toMatchObject({
      owner_username: 'kept_name',
      owner_previous_usernames: ['released_name'],
    });

    // The owner gave it up a day more than the reservation ago.
    await api.db.rows(
      sql`update usernames set updated_at = now() - make_interval(days => ${USERNAME_RESERVED_DAYS + 1})
          where username = 'released_name'`,
    );
    const other = await api.user();
    expect((await api.as(other).get('/profile/username/check/released_name')).json()).toEqual({
      available: true,
    });
    const claimed = await api.as(other).post('/profile/username', { username: 'released_name' });
    expect(claimed.statusCode).toBe(200);
    expect(usernameRecordSchema.parse(claimed.json())).toMatchObject({
      identity_id: other.id,
      is_current: true,
    });
    // It left the previous owner's history: their workspace no longer answers under it, nor can they take it back.
    expect(await listed()).toMatchObject({ owner_username: 'kept_name', owner_previous_usernames: [] });
    const back = await api.as(owner).post('/profile/username', { username: 'released_name' });
    expect(problem(back).detail).toBe('Username is already taken');
  });

  test('answers the exact messages for bad usernames', async ({ api }) => {
    const user = await api.user();
    const cases: Array<[string, string]> = [
      ['', 'Username is required'],
      ['ab', 'Username must be at least 3 characters'],
      ['a'.repeat(31), 'Username must be at most 30 characters'],
      ['bad-name', 'Username must contain only lowercase letters, numbers, and underscores'],
    ];
    for (const [username, detail] of cases) {
      const response = await api.as(user).post('/profile/username', { username });
      expect(response.statusCode, username).toBe(400);
      expect(problem(response).errors?.[0]).toEqual({ pointer: '/body/username', detail });
    }
  });

  test('reports availability', async ({ api }) => {
    const owner = await api.user('checked_name');
    const other = await api.user();
    expect((await api.as(other).get('/profile/username/check/checked_name')).json()).toEqual({
      available: false,
    });
    expect((await api.as(other).get('/profile/username/check/Free_Name')).json()).toEqual({
      available: true,
    });
    expect((await api.as(owner).get('/profile/username/check/checked_name')).json()).toEqual({
      available: true,
    });
    expect((await api.as(other).get('/profile/username/check/no!')).statusCode).toBe(400);
  });

  test('gives one of several simultaneous claims the name and the others a 409, never a 500', async ({
    api,
  }) => {
    const users = await Promise.all(Array.from({ length: 6 }, () => api.user()));
    const responses = await Promise.all(
      users.map((user) => api.as(user).post('/profile/username', { username: 'race_winner' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
  });
  test('settles one user claiming several names at once with exactly one current', async ({ api }) => {
    const user = await api.user();
    const names = ['many_a', 'many_b', 'many_c', 'many_d'];
    const responses = await Promise.all(
      names.map((username) => api.as(user).post('/profile/username', { username })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const current = await api.db.rows<{ username: string }>(
      sql`select username from usernames where identity_id = ${user.id} and is_current`,
    );
    expect(current).toHaveLength(1);
    expect((await api.as(user).get('/profile')).json()).toMatchObject({
      current_username: current[0]?.username,
    });
  });
});

describe('user search', () => {
  test('finds current usernames by prefix, with minimal fields', async ({ api }) => {
    const user = await api.user('search_alpha');
    await api.user('search_beta');
    await api.user('searchxgamma');
    await api.as(user).put('/profile', { display_name: 'Alpha' });
    const response = await api.as(user).get('/users/search?q=Search_');
    expect(response.statusCode).toBe(200);
    // "_" matches only itself, not any character.
    expect(response.json()).toEqual([
      { user_id: user.id, username: 'search_alpha', display_name: 'Alpha', avatar_url: null },
      expect.objectContaining({ username: 'search_beta' }),
    ]);
    expect((await api.as(user).get('/users/search?q=search&limit=1')).json()).toHaveLength(1);
    expect((await api.as(user).get('/users/search?q=')).statusCode).toBe(400);
    expect((await api.as(user).get('/users/search?q=a&limit=99')).statusCode).toBe(400);
  });
});
