import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityCredentials, identityFlows, identityVerifiableAddresses } from '@stackyard/db/schema';
import type { OidcProviderConfig } from './config.ts';
import type { IdentityContext } from './context.ts';
import { matchesCookie } from './csrf.ts';
import { errors } from './errors.ts';
import { isExpired, saveFlow, sendFlow, uiOf, type FlowRow } from './flows.ts';
import { queryParam } from './http.ts';
import {
  addOidcCredential,
  createIdentity,
  findByCredential,
  findIdentity,
  markVerified,
  normalizeEmail,
} from './identities.ts';
import { completeLogin } from './login.ts';
import type { OidcStarter } from './oidc-nodes.ts';
import { addMessage, clearMessages, text } from './ui.ts';

// Sign-in with GitHub (OAuth 2 + its REST API) and with any OpenID Connect provider (by discovery). The
// state names the flow and is bound to it and to the browser's CSRF cookie; PKCE guards the code.

const TIMEOUT_MS = 10_000;

interface Endpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

interface ExternalProfile {
  subject: string;
  /** Addresses the provider says are verified, primary first. */
  verifiedEmails: string[];
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  return response.json();
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function callbackUrl(ctx: IdentityContext, provider: OidcProviderConfig): string {
  return `${ctx.config.publicUrl}/self-service/methods/oidc/callback/${provider.id}`;
}

export function createOidc(ctx: IdentityContext): OidcStarter & { routes(app: FastifyInstance): void } {
  const discovered = new Map<string, Promise<Endpoints>>();

  function endpoints(provider: OidcProviderConfig): Promise<Endpoints> {
    if (provider.kind === 'github') {
      const web = provider.issuerUrl.replace(/\/$/, '');
      const api = (provider.apiUrl ?? 'https://api.github.com').replace(/\/$/, '');
      return Promise.resolve({
        authorize: `${web}/login/oauth/authorize`,
        token: `${web}/login/oauth/access_token`,
        userinfo: `${api}/user`,
      });
    }
    let found = discovered.get(provider.id);
    if (!found) {
      found = fetchJson(`${provider.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`).then(
        (doc) => {
          const { authorization_endpoint, token_endpoint, userinfo_endpoint } = record(doc);
          if (
            typeof authorization_endpoint !== 'string' ||
            typeof token_endpoint !== 'string' ||
            typeof userinfo_endpoint !== 'string'
          ) {
            throw new Error(`the discovery document of ${provider.id} lacks endpoints`);
          }
          return { authorize: authorization_endpoint, token: token_endpoint, userinfo: userinfo_endpoint };
        },
      );
      found.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, found);
    }
    return found;
  }

  function providerOf(id: string | undefined): OidcProviderConfig {
    const provider = ctx.config.oidcProviders.find((candidate) => candidate.id === id);
    if (!provider) throw errors.notFound(`Unknown sign-in provider "${id ?? ''}".`);
    return provider;
  }

  async function profileOf(
    provider: OidcProviderConfig,
    code: string,
    verifier: string,
  ): Promise<ExternalProfile> {
    const urls = await endpoints(provider);
    const token = record(
      await fetchJson(urls.token, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callbackUrl(ctx, provider),
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
          code_verifier: verifier,
        }),
      }),
    );
    if (typeof token.access_token !== 'string') throw new Error(`${provider.id} issued no access token`);
    const headers = { authorization: `Bearer ${token.access_token}`, accept: 'application/json' };
    const user = record(await fetchJson(urls.userinfo, { headers }));
    if (provider.kind === 'github') {
      if (typeof user.id !== 'number' && typeof user.id !== 'string')
        throw new Error('GitHub sent no user id');
      const list = await fetchJson(`${urls.userinfo}/emails`, { headers });
      const emails = (Array.isArray(list) ? list : [])
        .map(record)
        .filter((entry) => entry.verified === true && typeof entry.email === 'string')
        .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
        .map((entry) => normalizeEmail(String(entry.email)));
      return { subject: String(user.id), verifiedEmails: emails };
    }
    if (typeof user.sub !== 'string') throw new Error(`${provider.id} sent no subject`);
    const verified = user.email_verified === true && typeof user.email === 'string';
    return { subject: user.sub, verifiedEmails: verified ? [normalizeEmail(String(user.email))] : [] };
  }

  async function callback(request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) {
    const provider = providerOf(request.params.provider);
    const body = record(request.body);
    const state = queryParam(request, 'state') ?? (typeof body.state === 'string' ? body.state : undefined);
    const code = queryParam(request, 'code') ?? (typeof body.code === 'string' ? body.code : undefined);
    const flowId = state?.split('.')[0] ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(flowId))
      throw errors.badRequest('The sign-in state is missing or malformed.');
    const [flow] = await ctx.db.select().from(identityFlows).where(eq(identityFlows.id, flowId));
    const saved = record(flow?.internal.oidc);
    if (
      !flow ||
      !state ||
      typeof saved.state !== 'string' ||
      saved.provider !== provider.id ||
      saved.state.length !== state.length ||
      !timingSafeEqual(Buffer.from(saved.state), Buffer.from(state))
    ) {
      throw errors.badRequest('The sign-in state does not match a flow of this browser.');
    }
    if (!matchesCookie(request, flow.csrfToken, ctx.config.publicUrl)) throw errors.csrf();
    if (isExpired(flow)) throw errors.badRequest('The sign-in took too long. Please try again.');
    if (!code) throw errors.badRequest(`${provider.label ?? provider.id} did not grant access.`);
    await saveFlow(ctx, flow, { internal: { ...flow.internal, oidc: null } });

    const profile = await profileOf(provider, code, String(saved.verifier));
    const identity = flow.refresh
      ? await refreshingIdentity(ctx, provider.id, profile, flow.identityId)
      : await linkOrCreate(ctx, provider.id, profile);
    if (!identity) {
      // The same answer as a password refresh with another identity's credentials.
      const ui = uiOf(flow);
      clearMessages(ui);
      addMessage(ui, text.invalidCredentials());
      request.log.info({ flowId: flow.id, provider: provider.id }, 'refresh with another account refused');
      return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
    }
    await saveFlow(ctx, flow, { state: 'passed_challenge', identityId: identity.id });
    return completeLogin(ctx, request, reply, {
      identity,
      method: 'oidc',
      provider: provider.id,
      returnTo: flow.returnTo,
    });
  }

  return {
    async authorizeUrl(flow: FlowRow, providerId: string) {
      const provider = providerOf(providerId);
      const urls = await endpoints(provider);
      const state = `${flow.id}.${randomBytes(24).toString('base64url')}`;
      const verifier = randomBytes(32).toString('base64url');
      await saveFlow(ctx, flow, {
        internal: { ...flow.internal, oidc: { provider: provider.id, state, verifier } },
      });
      const url = new URL(urls.authorize);
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', callbackUrl(ctx, provider));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', provider.scopes.join(' '));
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    routes(app) {
      app.get('/self-service/methods/oidc/callback/:provider', callback);
      app.post('/self-service/methods/oidc/callback/:provider', callback);
    },
  };
}

/**
 * A refresh confirms the signed-in identity: only an external account already linked to it will do (null
 * otherwise). Another account is neither linked nor given an identity here.
 */
async function refreshingIdentity(
  ctx: IdentityContext,
  providerId: string,
  profile: ExternalProfile,
  identityId: string | null,
) {
  const linked = await findByCredential(ctx.db, 'oidc', `${providerId}:${profile.subject}`);
  const same = linked?.identity.id === identityId && linked.identity.state === 'active';
  return same ? linked.identity : null;
}

/**
 * The identity of an external account: the one already linked, else the one owning one of its verified
 * e-mails (linked now), else a new, verified one. Linking to an address nobody had verified also drops that
 * identity's password: whoever registered it without proving the address must not keep a way in.
 */
async function linkOrCreate(ctx: IdentityContext, providerId: string, profile: ExternalProfile) {
  const linked = await findByCredential(ctx.db, 'oidc', `${providerId}:${profile.subject}`);
  if (linked) return linked.identity;
  const oidc = { provider: providerId, subject: profile.subject };
  for (const email of profile.verifiedEmails) {
    const [address] = await ctx.db
      .select()
      .from(identityVerifiableAddresses)
      .where(eq(identityVerifiableAddresses.value, email));
    if (!address) continue;
    const identity = await findIdentity(ctx.db, address.identityId);
    if (!identity) continue;
    if (!address.verified) {
      await ctx.db
        .delete(identityCredentials)
        .where(
          and(eq(identityCredentials.identityId, identity.id), eq(identityCredentials.type, 'password')),
        );
      await markVerified(ctx.db, email);
    }
    await addOidcCredential(ctx.db, identity.id, oidc);
    return identity;
  }
  const email = profile.verifiedEmails[0];
  if (!email) throw errors.badRequest('Your account there has no verified e-mail address.');
  return createIdentity(ctx.db, { email, oidc, verified: true });
}
