// Test fixture: a fake GitHub (web + REST API) and a fake OpenID Connect provider over real HTTP, the identity
// server's config for them, and the browser's round trip through them.
import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OidcProviderConfig } from './config.ts';
import { failure, type CookieJar } from './testing.ts';

export interface FakeAccount {
  id: number;
  emails: Array<{ email: string; verified: boolean; primary: boolean }>;
}

/** A fake GitHub (web + REST API) and a fake OIDC provider; `nextAccount` is who "consents" next. */
export async function startFakeProviders() {
  const app: FastifyInstance = Fastify();
  await app.register(fastifyFormbody);
  const codes = new Map<string, FakeAccount>();
  const tokens = new Map<string, FakeAccount>();
  const state = {
    nextAccount: { id: 1, emails: [] } as FakeAccount,
    tokenRequests: [] as Array<Record<string, string>>,
  };

  app.get<{ Querystring: Record<string, string> }>('/login/oauth/authorize', async (request, reply) => {
    const code = randomUUID();
    codes.set(code, state.nextAccount);
    const target = new URL(String(request.query.redirect_uri));
    target.searchParams.set('code', code);
    target.searchParams.set('state', String(request.query.state));
    return reply.redirect(target.toString(), 302);
  });
  const token = async (
    request: { body: unknown },
    reply: { code(status: number): { send(body: unknown): unknown } },
  ) => {
    const body = request.body as Record<string, string>;
    state.tokenRequests.push(body);
    const account = codes.get(body.code ?? '');
    if (!account || body.client_secret !== 'shh')
      return reply.code(400).send({ error: 'bad_verification_code' });
    codes.delete(body.code ?? '');
    const accessToken = randomUUID();
    tokens.set(accessToken, account);
    return { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' };
  };
  app.post('/login/oauth/access_token', token);
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
  }));
  app.post('/oidc/token', token);
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
export function fakeProviderConfigs(url: string): OidcProviderConfig[] {
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
