import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { randomPKCECodeVerifier } from 'openid-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityCredentials, identityFlows, identityVerifiableAddresses } from '@stackyard/db/schema';
import type { OidcProviderConfig } from './config.ts';
import type { IdentityContext } from './context.ts';
import { matchesCookie } from './csrf.ts';
import { errors } from './errors.ts';
import { isExpired, saveFlow, sendFlow, uiOf, type FlowRow } from './flows.ts';
import {
  addOidcCredential,
  createIdentity,
  findByCredential,
  findIdentity,
  markVerified,
} from './identities.ts';
import { completeLogin } from './login.ts';
import { createProviderClients, isRefusedAnswer, record, type ExternalProfile } from './oidc-client.ts';
import type { OidcStarter } from './oidc-nodes.ts';
import { addMessage, clearMessages, text } from './ui.ts';

// Sign-in with GitHub (OAuth 2 + its REST API) and with any OpenID Connect provider (by discovery), the
// protocol in oidc-client.ts. The state names the flow and is bound to it and to the browser's CSRF cookie;
// PKCE guards the code.

function callbackUrl(ctx: IdentityContext, provider: OidcProviderConfig): string {
  return `${ctx.config.publicUrl}/self-service/methods/oidc/callback/${provider.id}`;
}

/** The callback's parameters: in the query, or in the body of a form post (response_mode=form_post). */
function callbackParams(request: FastifyRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const source of [request.query, request.body]) {
    for (const [name, value] of Object.entries(record(source)))
      if (typeof value === 'string' && !params.has(name)) params.set(name, value);
  }
  return params;
}

export function createOidc(ctx: IdentityContext): OidcStarter & { routes(app: FastifyInstance): void } {
  const clients = createProviderClients();

  function providerOf(id: string | undefined): OidcProviderConfig {
    const provider = ctx.config.oidcProviders.find((candidate) => candidate.id === id);
    if (!provider) throw errors.notFound(`Unknown sign-in provider "${id ?? ''}".`);
    return provider;
  }

  async function callback(request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) {
    const provider = providerOf(request.params.provider);
    const params = callbackParams(request);
    const state = params.get('state') ?? undefined;
    const code = params.get('code');
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
    const label = provider.label ?? provider.id;
    if (!code) throw errors.badRequest(`${label} did not grant access.`);
    await saveFlow(ctx, flow, { internal: { ...flow.internal, oidc: null } });

    const profile = await clients
      .profile(provider, {
        redirectUri: callbackUrl(ctx, provider),
        params,
        state,
        verifier: String(saved.verifier),
      })
      .catch((error: unknown) => {
        // A forged ID token or a code the provider refuses is the browser's sign-in failing, not the server.
        if (!isRefusedAnswer(error)) throw error;
        // The message only: the error's cause may hold the provider's tokens.
        const reason = error instanceof Error ? error.message : String(error);
        request.log.info({ provider: provider.id, reason }, 'provider answer refused');
        throw errors.badRequest(`${label} could not confirm who you are. Please try again.`);
      });
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
      const state = `${flow.id}.${randomBytes(24).toString('base64url')}`;
      const verifier = randomPKCECodeVerifier();
      const url = await clients.authorizeUrl(provider, callbackUrl(ctx, provider), state, verifier);
      await saveFlow(ctx, flow, {
        internal: { ...flow.internal, oidc: { provider: provider.id, state, verifier } },
      });
      return url;
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
