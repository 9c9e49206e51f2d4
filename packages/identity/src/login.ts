import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityVerifiableAddresses } from '@stackyard/db/schema';
import type { IdentityContext } from './context.ts';
import { errors } from './errors.ts';
import { answerSignedIn, createFlow, safeReturnTo, saveFlow, sendFlow, uiOf, type FlowRow } from './flows.ts';
import { queryParam, redirect, stringField, wantsJson } from './http.ts';
import {
  credentialsOf,
  findByCredential,
  normalizeEmail,
  setPassword,
  type IdentityRow,
} from './identities.ts';
import { oidcNodes, signInRoutes, type OidcStarter } from './oidc-nodes.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { admitLogin } from './rate-limit.ts';
import {
  createSession,
  currentSession,
  refreshAuthentication,
  sessionJson,
  sha256,
  setSessionCookie,
  signedInFrom,
  type SessionRow,
} from './sessions.ts';
import {
  addMessage,
  addNodeMessage,
  clearMessages,
  input,
  passwordNode,
  setValue,
  submitNode,
  text,
  type UiNode,
} from './ui.ts';

const passwordNodes = (identifier: string, refresh: boolean): UiNode[] => [
  input('default', 'identifier', refresh ? 'hidden' : 'text', {
    required: true,
    autocomplete: 'username',
    label: text.id(),
    value: identifier,
  }),
  passwordNode('current-password'),
  submitNode('password', 'password', text.signInWithPassword()),
];

/**
 * A refresh offers only what the signed-in identity can prove itself with, as Kratos does: its password if
 * it has one, and the providers it linked. An account made with GitHub thus confirms itself with GitHub.
 */
async function refreshNodes(ctx: IdentityContext, identity: IdentityRow): Promise<UiNode[]> {
  const owned = await credentialsOf(ctx.db, identity.id);
  return [
    ...(owned.password ? passwordNodes(identity.traits.email, true) : []),
    ...oidcNodes(ctx, 'login', owned.providers),
  ];
}

/** Issues (or, for a refresh, renews) the session and answers the login success. */
export async function completeLogin(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    identity: IdentityRow;
    method: string;
    provider?: string;
    returnTo?: string | null;
    flowType?: 'browser' | 'api';
  },
): Promise<FastifyReply> {
  const existing = await currentSession(ctx.db, request);
  const same = existing && existing.identity.id === input.identity.id ? existing : null;
  if (input.flowType === 'api') {
    // Native apps keep the token themselves (X-Session-Token): no cookie, no redirect. A refresh renews the
    // session it was made with and answers the same token, as Kratos does; only a token the app sent itself
    // is answered back, never a browser's HttpOnly cookie.
    const header = request.headers['x-session-token'];
    const token = typeof header === 'string' ? header : '';
    if (same && token && same.session.tokenHash === sha256(token)) {
      const session = await refreshAuthentication(ctx.db, same.session, input, request);
      return reply.send({
        session: await sessionJson(ctx.db, session, input.identity, ctx.config.publicUrl),
        session_token: token,
      });
    }
    const { session, token: created } = await createSession(ctx.db, {
      identityId: input.identity.id,
      method: input.method,
      lifespanSeconds: ctx.config.sessionLifespanSeconds,
      request,
    });
    return reply.send({
      session: await sessionJson(ctx.db, session, input.identity, ctx.config.publicUrl),
      session_token: created,
    });
  }
  let session: SessionRow;
  if (same) {
    session = await refreshAuthentication(ctx.db, same.session, input, request);
  } else {
    const created = await createSession(ctx.db, {
      identityId: input.identity.id,
      method: input.method,
      provider: input.provider,
      lifespanSeconds: ctx.config.sessionLifespanSeconds,
      request,
    });
    session = created.session;
    setSessionCookie(reply, created.token, session.expiresAt, ctx.secureCookies);
  }
  const target = input.returnTo ?? ctx.config.ui.defaultReturnTo;
  if (!wantsJson(request)) return redirect(reply, target);
  return reply.send({
    session: await sessionJson(ctx.db, session, input.identity, ctx.config.publicUrl),
    continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: target }],
  });
}

export function loginRoutes(app: FastifyInstance, ctx: IdentityContext, oidc: OidcStarter): void {
  const newFlow = async (
    request: FastifyRequest,
    reply: FastifyReply,
    returnTo?: string,
    type: 'browser' | 'api' = 'browser',
  ): Promise<FlowRow> => {
    const refresh = queryParam(request, 'refresh') === 'true';
    const active = refresh ? await currentSession(ctx.db, request) : null;
    return createFlow(ctx, request, reply, {
      kind: 'login',
      type,
      state: 'choose_method',
      nodes: active
        ? await refreshNodes(ctx, active.identity)
        : [...passwordNodes('', false), ...oidcNodes(ctx, 'login')],
      refresh: Boolean(active),
      ...(active ? { identityId: active.identity.id } : {}),
      returnTo,
    });
  };

  app.get('/self-service/login/browser', async (request, reply) => {
    const returnTo = safeReturnTo(ctx, request);
    if (queryParam(request, 'refresh') !== 'true' && (await currentSession(ctx.db, request))) {
      return answerSignedIn(ctx, request, reply, returnTo);
    }
    const flow = await newFlow(request, reply, returnTo);
    if (flow.refresh) {
      const ui = uiOf(flow);
      addMessage(ui, text.confirmItsYou());
      return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }));
    }
    return sendFlow(ctx, request, reply, flow);
  });

  app.get('/self-service/login/api', async (request, reply) => {
    if (queryParam(request, 'refresh') !== 'true' && (await currentSession(ctx.db, request))) {
      throw errors.sessionAlreadyAvailable();
    }
    return sendFlow(ctx, request, reply, await newFlow(request, reply, undefined, 'api'));
  });

  signInRoutes(app, ctx, oidc, 'login', newFlow, async (request, reply, { flow, body }) => {
    const rawIdentifier = stringField(body, 'identifier') ?? '';
    const identifier = normalizeEmail(rawIdentifier);
    const password = stringField(body, 'password') ?? '';

    const ui = uiOf(flow);
    clearMessages(ui);
    setValue(ui, 'identifier', rawIdentifier.trim());
    const fail = async () => {
      request.log.info({ flowId: flow.id, messages: ui.messages }, 'login rejected');
      return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
    };
    if (!identifier) addNodeMessage(ui, 'identifier', text.required('identifier'));
    if (!password) addNodeMessage(ui, 'password', text.required('password'));
    if (!identifier || !password) return fail();

    const attempt = await admitLogin(ctx.limiter, ctx.config.rateLimit, request.ip, identifier, () =>
      signedInFrom(ctx.db, identifier, request.ip),
    );
    const found = await findByCredential(ctx.db, 'password', identifier);
    const valid = found?.hashedPassword
      ? await verifyPassword(found.hashedPassword, password)
      : (await ctx.equalizeTiming(), false);
    await (valid ? attempt.succeeded() : attempt.failed());
    if (
      !found ||
      !valid ||
      (flow.refresh && flow.identityId !== found.identity.id) ||
      found.identity.state !== 'active'
    ) {
      addMessage(ui, text.invalidCredentials());
      return fail();
    }
    const [address] = await ctx.db
      .select({ verified: identityVerifiableAddresses.verified })
      .from(identityVerifiableAddresses)
      .where(
        and(
          eq(identityVerifiableAddresses.identityId, found.identity.id),
          eq(identityVerifiableAddresses.value, identifier),
        ),
      );
    if (!address?.verified) {
      addMessage(ui, text.notVerified());
      return fail();
    }
    if (found.hashedPassword && needsRehash(found.hashedPassword, ctx.config.argon2)) {
      // The password is at hand only now: move the hash to the current parameters.
      await setPassword(ctx.db, found.identity.id, await hashPassword(password, ctx.config.argon2));
    }
    await saveFlow(ctx, flow, { state: 'passed_challenge', identityId: found.identity.id });
    return completeLogin(ctx, request, reply, {
      identity: found.identity,
      method: 'password',
      returnTo: flow.returnTo,
      flowType: flow.type,
    });
  });
}
