// Test fixture: a fake GitHub (web + REST API) and a fake OpenID Connect provider over real HTTP, the identity
// server's config for them, and the browser's round trip through them.
import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect } from 'vitest';
import type { OidcProviderConfig } from './config.ts';
import { failure, type CookieJar } from './testing.ts';
import { it as identityIt } from './testing/fixtures.ts';

export interface FakeAccount {
  id: number;
  emails: Array<{ email: string; verified: boolean; primary: boolean }>;
}

/** The OIDC provider's signing key (published at its JWKS) and a stranger's key under the same kid. */
async function signingKeys() {
  const [own, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
  return { own: own.privateKey, stranger: stranger.privateKey, jwks: { keys: [jwk] } };
}

/**
 * A fake GitHub (web + REST API) and a fake OIDC provider; `nextAccount` is who "consents" next, and
 * `forgeIdTokens` has the OIDC provider's ID tokens signed by a key it does not publish.
 */
async function startFakeProviders() {
  const app: FastifyInstance = Fastify();
  await app.register(fastifyFormbody);
  const keys = await signingKeys();
  const codes = new Map<string, FakeAccount>();
  const tokens = new Map<string, FakeAccount>();
  const state = {
    nextAccount: { id: 1, emails: [] } as FakeAccount,
    tokenRequests: [] as Array<Record<string, string>>,
    forgeIdTokens: false,
  };

  app.get<{ Querystring: Record<string, string> }>('/login/oauth/authorize', async (request, reply) => {
    const code = randomUUID();
    codes.set(code, state.nextAccount);
    const target = new URL(String(request.query.redirect_uri));
    target.searchParams.set('code', code);
    target.searchParams.set('state', String(request.query.state));
    return reply.redirect(target.toString(), 302);
  });
  /** Redeems a code once: the account that consented and its new access token. */
  const redeem = (body: Record<string, string>) => {
    state.tokenRequests.push(body);
    const account = codes.get(body.code ?? '');
    if (!account || body.client_secret !== 'shh') return null;
    codes.delete(body.code ?? '');
    const accessToken = randomUUID();
    tokens.set(accessToken, account);
    return { account, accessToken };
  };
  app.post('/login/oauth/access_token', async (request, reply) => {
    const redeemed = redeem(request.body as Record<string, string>);
    if (!redeemed) return reply.code(400).send({ error: 'bad_verification_code' });
    return { access_token: redeemed.accessToken, token_type: 'bearer', scope: 'read:user,user:email' };
  });
  const accountOf = (authorization: string | undefined) =>
    tokens.get(authorization?.replace(/^Bearer /, '') ?? '');
  app.get('/api/user', async (request, reply) => {
    const account = accountOf(request.headers.authorization);
    return account ? { id: account.id, login: `user${account.id}` } : reply.code(401).send({});
  });
  app.get('/api/user/emails', async (request, reply) => {
    const account = accountOf(request.headers.authorization);
    return account ? account.emails : reply.code(401).send({});
  });

  // A generic OpenID Connect provider, found by discovery.
  app.get('/oidc/.well-known/openid-configuration', async () => ({
    issuer: `${base()}/oidc`,
    authorization_endpoint: `${base()}/login/oauth/authorize`,
    token_endpoint: `${base()}/oidc/token`,
    userinfo_endpoint: `${base()}/oidc/userinfo`,
    jwks_uri: `${base()}/oidc/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  }));
  app.get('/oidc/jwks', async () => keys.jwks);
  app.post('/oidc/token', async (request, reply) => {
    const body = request.body as Record<string, string>;
    const redeemed = redeem(body);
    if (!redeemed) return reply.code(400).send({ error: 'invalid_grant' });
    const idToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
      .setIssuer(`${base()}/oidc`)
      .setAudience(String(body.client_id))
      .setSubject(`oidc-${redeemed.account.id}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(state.forgeIdTokens ? keys.stranger : keys.own);
    return { access_token: redeemed.accessToken, token_type: 'Bearer', id_token: idToken };
  });
  app.get('/oidc/userinfo', async (request, reply) => {
    const account = accountOf(request.headers.authorization);
    const primary = account?.emails[0];
    return account && primary
      ? { sub: `oidc-${account.id}`, email: primary.email, email_verified: primary.verified }
      : reply.code(401).send({});
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = () => `http://127.0.0.1:${port}`;
  return { app, url: base(), state };
}

/** The providers `github` (GitHub's API) and `google` (found by discovery) on the fake at `url`. */
function fakeProviderConfigs(url: string): OidcProviderConfig[] {
  return [
    {
      id: 'github',
      kind: 'github',
      clientId: 'stackyard-dev',
      clientSecret: 'shh',
      issuerUrl: url,
      apiUrl: `${url}/api`,
      scopes: ['read:user', 'user:email'],
      label: 'GitHub',
    },
    {
      id: 'google',
      kind: 'generic',
      clientId: 'stackyard-google',
      clientSecret: 'shh',
      issuerUrl: `${url}/oidc`,
      scopes: ['openid', 'email'],
      label: 'Google',
    },
  ];
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

/** The identity fixtures with the fake providers (per test file) as the server's sign-in providers. */
export const it = identityIt
  // Vitest reads a fixture's dependencies from its destructured first parameter, even when empty.
  // eslint-disable-next-line no-empty-pattern
  .extend('fake', { scope: 'file' }, async ({}, { onCleanup }) => {
    const fake = await startFakeProviders();
    onCleanup(() => fake.app.close());
    return fake;
  })
  .extend('serverConfig', { scope: 'file' }, async ({ fake }) => ({
    oidcProviders: fakeProviderConfigs(fake.url),
  }));

/**
 * The SPA's path once it submitted {method:"oidc"}: the 422 answer's redirect_browser_to, the provider's
 * consent, and the callback the browser is sent to.
 */
export async function throughProvider(jar: CookieJar, submitted: Promise<unknown>) {
  const answer = await failure(submitted);
  expect(answer.status).toBe(422);
  expect(answer.body.error).toMatchObject({ id: 'browser_location_change_required' });
  const authorize = String(answer.body.redirect_browser_to);
  const consent = await jar.fetch(authorize);
  expect(consent.status).toBe(302);
  const callback = await jar.fetch(String(consent.headers.get('location')));
  return { authorize: new URL(authorize), callback };
}
