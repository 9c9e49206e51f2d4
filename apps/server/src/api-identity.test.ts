// The product API against the real identity service: a user signs in through the identity flows (as the
// SPA does with @ory/client-fetch), asks whoami for the tokenized JWT, and calls the API with it, as a
// bearer token and as the user_jwt cookie. The API fetches the identity service's JWKS over HTTP.
import { describe, expect } from 'vitest';
import { identityApiTest } from '@stackyard/testing/api-processes';

const test = identityApiTest();

describe('product API with tokens of the identity service', () => {
  test('accepts the tokenized session as bearer and as the user_jwt cookie; the identity id is the user id', async ({
    api,
  }) => {
    const { app } = api;
    const user = await api.signIn('builder@example.com', 'a long enough password 1');
    const bearer = await app.inject({
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${user.jwt}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json()).toMatchObject({ identity_id: user.id, current_username: null });

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      // As the web app sends it: the cookie and the app's header (see request-forgery.test.ts).
      headers: { cookie: `user_jwt=${user.jwt}`, 'x-stackyard-client': 'web' },
      payload: { name: 'First' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ owner_id: user.id, slug: 'first', is_owner: true });
  });

  test('refuses a token the identity service did not sign', async ({ api }) => {
    const { app } = api;
    const user = await api.signIn('tamper@example.com', 'a long enough password 2');
    const [header, payload] = user.jwt.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    const response = await app.inject({
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
