import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors, IdentityError } from './errors.ts';
import {
  assertFlowCsrf,
  createFlow,
  isExpired,
  loadFlow,
  safeReturnTo,
  saveFlow,
  sendFlow,
  uiOf,
  type FlowRow,
} from './flows.ts';
import { bodyOf, queryParam, redirect, stringField, wantsJson, withQuery } from './http.ts';
import {
  changeEmail,
  DuplicateIdentifierError,
  findIdentity,
  identityJson,
  setPassword,
  type IdentityRow,
} from './identities.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { currentSession, revokeOtherSessions, type ActiveSession } from './sessions.ts';
import {
  addMessage,
  addNodeMessage,
  clearMessages,
  emailTraitNode,
  passwordNode,
  setValue,
  submitNode,
  text,
  type UiNode,
} from './ui.ts';
import { readEmailTrait, startVerification } from './verification.ts';

const settingsNodes = (identity: IdentityRow): UiNode[] => [
  emailTraitNode('profile', identity.traits.email),
  submitNode('profile', 'profile', text.save()),
  passwordNode('new-password'),
  submitNode('password', 'password', text.save()),
];

export function newSettingsFlow(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: IdentityRow,
  returnTo?: string,
  type: 'browser' | 'api' = 'browser',
): Promise<FlowRow> {
  return createFlow(ctx, request, reply, {
    kind: 'settings',
    type,
    state: 'show_form',
    nodes: settingsNodes(identity),
    identityId: identity.id,
    returnTo,
  });
}

/** A settings flow carries the identity it changes, as Kratos's does. */
async function sendSettings(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  identity: IdentityRow,
  status = 200,
): Promise<FastifyReply> {
  return sendFlow(ctx, request, reply, flow, status, {
    identity: await identityJson(ctx.db, identity, ctx.config.publicUrl),
  });
}

function assertOwner(flow: FlowRow, active: ActiveSession): void {
  if (flow.identityId !== active.identity.id) {
    throw new IdentityError(403, 'The request was rejected because the flow belongs to another identity.', {
      id: 'security_identity_mismatch',
      reason: 'The requested settings flow was initiated by another person.',
    });
  }
}

function isPrivileged(ctx: IdentityContext, active: ActiveSession): boolean {
  return Date.now() - active.session.authenticatedAt.getTime() < ctx.config.privilegedSessionSeconds * 1000;
}

export function settingsRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const requireSession = async (request: FastifyRequest) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    return active;
  };

  app.get('/self-service/settings/browser', async (request, reply) => {
    const active = await currentSession(ctx.db, request);
    if (!active) {
      if (!wantsJson(request)) return redirect(reply, ctx.config.ui.login);
      throw errors.unauthorized();
    }
    const flow = await newSettingsFlow(ctx, request, reply, active.identity, safeReturnTo(ctx, request));
    return sendSettings(ctx, request, reply, flow, active.identity);
  });

  // Native apps and command lines: the session comes as X-Session-Token, the flow has no CSRF token.
  app.get('/self-service/settings/api', async (request, reply) => {
    const active = await requireSession(request);
    const flow = await newSettingsFlow(ctx, request, reply, active.identity, undefined, 'api');
    return sendSettings(ctx, request, reply, flow, active.identity);
  });

  app.get('/self-service/settings/flows', async (request, reply) => {
    const flow = await loadFlow(ctx, 'settings', queryParam(request, 'id'));
    const active = await requireSession(request);
    assertOwner(flow, active);
    if (isExpired(flow)) {
      const fresh = await newSettingsFlow(ctx, request, reply, active.identity, undefined, flow.type);
      throw errors.flowExpired(flow.expiresAt, fresh.id);
    }
    return sendSettings(ctx, request, reply, flow, active.identity);
  });

  app.post('/self-service/settings', async (request, reply) => {
    const flow = await loadFlow(ctx, 'settings', queryParam(request, 'flow'));
    const active = await requireSession(request);
    assertOwner(flow, active);
    const body = bodyOf(request);
    assertFlowCsrf(ctx, request, flow, body);
    if (isExpired(flow)) {
      const fresh = await newSettingsFlow(ctx, request, reply, active.identity, undefined, flow.type);
      throw errors.flowExpired(flow.expiresAt, fresh.id);
    }
    const method = stringField(body, 'method');
    const ui = uiOf(flow);
    clearMessages(ui);
    // A browser re-authenticates through the login flow with refresh=true and comes back to this flow; a
    // native app makes an API login flow with refresh=true itself, so it gets no browser address.
    const refreshUrl =
      flow.type === 'browser'
        ? withQuery(`${ctx.config.publicUrl}/self-service/login/browser`, {
            refresh: 'true',
            return_to: withQuery(ctx.config.ui.settings, { flow: flow.id }),
          })
        : undefined;
    const fail = async () => {
      request.log.info({ flowId: flow.id, messages: ui.messages }, 'settings rejected');
      return sendSettings(ctx, request, reply, await saveFlow(ctx, flow, { ui }), active.identity, 400);
    };

    if (method === 'password') {
      const password = stringField(body, 'password') ?? '';
      const problem = password
        ? passwordProblem(password, active.identity.traits.email)
        : text.required('password');
      if (problem) {
        addNodeMessage(ui, 'password', problem);
        return fail();
      }
      if (!isPrivileged(ctx, active)) throw errors.refreshRequired(refreshUrl);
      await setPassword(ctx.db, active.identity.id, await hashPassword(password, ctx.config.argon2));
      // The session that changed it stays (as in Kratos). Every other one ends, and with it the JWTs issued
      // for them: whoever knew the old password is signed out. Kratos leaves them; this is our choice.
      const revoked = await revokeOtherSessions(ctx.db, active.identity.id, active.session.id);
      request.log.info({ identityId: active.identity.id, revoked }, 'password changed');
    } else if (method === 'profile') {
      const email = readEmailTrait(ui, body);
      if (ui.nodes.some((node) => node.messages.length > 0)) return fail();
      if (email !== active.identity.traits.email) {
        if (!isPrivileged(ctx, active)) throw errors.refreshRequired(refreshUrl);
        try {
          await changeEmail(ctx.db, active.identity.id, email);
        } catch (error) {
          if (!(error instanceof DuplicateIdentifierError)) throw error;
          addMessage(ui, text.duplicate());
          return fail();
        }
        await startVerification(ctx, request, reply, email);
      }
    } else {
      addMessage(ui, text.generic('Could not find a strategy to update your settings.'));
      return fail();
    }

    const identity = (await findIdentity(ctx.db, active.identity.id)) ?? active.identity;
    const fresh = uiOf(flow);
    clearMessages(fresh);
    setValue(fresh, 'traits.email', identity.traits.email);
    addMessage(fresh, text.saved());
    const saved = await saveFlow(ctx, flow, { state: 'success', ui: fresh });
    return sendSettings(ctx, request, reply, saved, identity);
  });
}
