import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityRecoveryAddresses } from '@stackyard/db/schema';
import { issueCode, MAX_CODE_SUBMISSIONS, redeemCode } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { mails } from './courier.ts';
import { errors } from './errors.ts';
import { safeReturnTo, saveFlow, sendFlow, uiOf, type FlowRow, flowRoutes, flowStarter } from './flows.ts';
import { redirect, stringField, wantsJson, withQuery } from './http.ts';
import { findIdentity, markVerified, normalizeEmail } from './identities.ts';
import { submissionKeys } from './rate-limit.ts';
import { createSession, setSessionCookie } from './sessions.ts';
import { newSettingsFlow } from './settings.ts';
import { addMessage, clearMessages, text, codeEmailNodes, codeSentNodes, withCsrfNode } from './ui.ts';
import { isEmail } from './verification.ts';

// Recovery by code: the code proves control of the address, issues a session, and hands over to a
// settings flow where the user sets a new password (the session is fresh, so the change is allowed).

export function recoveryRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const newFlow = flowStarter(ctx, 'recovery', codeEmailNodes);

  app.get('/self-service/recovery/browser', async (request, reply) => {
    return sendFlow(ctx, request, reply, await newFlow(request, reply, safeReturnTo(ctx, request)));
  });

  // Native apps: no CSRF token; the code answers a session token and an API settings flow.
  app.get('/self-service/recovery/api', async (request, reply) => {
    return sendFlow(ctx, request, reply, await newFlow(request, reply, undefined, 'api'));
  });

  const openSubmission = flowRoutes(app, ctx, 'recovery', newFlow);

  app.post('/self-service/recovery', async (request, reply) => {
    const { flow, body } = await openSubmission(request, reply);
    const code = stringField(body, 'code');
    const email = stringField(body, 'email');
    const rl = ctx.config.rateLimit;

    if (code && flow.state === 'sent_email') {
      await ctx.limiter.consume(submissionKeys(rl, 'recovery', request.ip));
      if (flow.submitCount >= MAX_CODE_SUBMISSIONS) {
        const fresh = await newFlow(request, reply, flow.returnTo ?? undefined, flow.type);
        const ui = uiOf(fresh);
        addMessage(ui, text.tooOften());
        return sendFlow(ctx, request, reply, await saveFlow(ctx, fresh, { ui }));
      }
      const address = await redeemCode(ctx, flow.id, code);
      if (!address) {
        request.log.info({ flowId: flow.id }, 'recovery: invalid code');
        const ui = withCsrfNode(
          uiOf(flow),
          codeSentNodes(String(flow.internal.email ?? ''), text.recoveryCode()),
        );
        addMessage(ui, text.recoveryCodeInvalid());
        return sendFlow(
          ctx,
          request,
          reply,
          await saveFlow(ctx, flow, { ui, submitCount: flow.submitCount + 1 }),
        );
      }
      return recovered(ctx, request, reply, flow, address);
    }

    if (email !== undefined) {
      const normalized = normalizeEmail(email);
      await ctx.limiter.consume(submissionKeys(rl, 'code-send', request.ip, normalized));
      if (!isEmail(normalized)) {
        const ui = withCsrfNode(uiOf(flow), codeEmailNodes(email));
        ui.nodes.find((node) => node.attributes.name === 'email')?.messages.push(text.invalidEmail());
        return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
      }
      const [address] = await ctx.db
        .select()
        .from(identityRecoveryAddresses)
        .where(eq(identityRecoveryAddresses.value, normalized));
      // An unknown address answers the same "code sent" (no account enumeration).
      if (address) {
        const sent = await issueCode(ctx, flow.id, address.value);
        const url = withQuery(ctx.config.ui.recovery, { flow: flow.id, code: sent });
        await ctx.courier.enqueue(mails.recovery(address.value, sent, url));
      }
      const ui = withCsrfNode(uiOf(flow), codeSentNodes(normalized, text.recoveryCode()));
      addMessage(ui, text.recoveryCodeSent());
      const saved = await saveFlow(ctx, flow, { state: 'sent_email', ui, internal: { email: normalized } });
      return sendFlow(ctx, request, reply, saved);
    }

    const ui = uiOf(flow);
    clearMessages(ui);
    addMessage(ui, text.required(flow.state === 'sent_email' ? 'code' : 'email'));
    return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
  });
}

async function recovered(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  address: string,
): Promise<FastifyReply> {
  const [row] = await ctx.db
    .select({ identityId: identityRecoveryAddresses.identityId })
    .from(identityRecoveryAddresses)
    .where(eq(identityRecoveryAddresses.value, address));
  const identity = row ? await findIdentity(ctx.db, row.identityId) : null;
  if (!identity) throw errors.badRequest('The recovery address no longer exists.');
  // The code reached the address, so the address is proven as well.
  await markVerified(ctx.db, address);
  const { session, token } = await createSession(ctx.db, {
    identityId: identity.id,
    method: 'code_recovery',
    lifespanSeconds: ctx.config.sessionLifespanSeconds,
    request,
  });
  const settings = await newSettingsFlow(
    ctx,
    request,
    reply,
    identity,
    flow.returnTo ?? undefined,
    flow.type,
  );
  const done = await saveFlow(ctx, flow, { state: 'passed_challenge', identityId: identity.id });
  const url = withQuery(ctx.config.ui.settings, { flow: settings.id });
  if (flow.type === 'api') {
    // As Kratos's continue_with transitions: the token to keep, then the settings flow to show.
    return sendFlow(ctx, request, reply, done, 200, {
      continue_with: [
        { action: 'set_ory_session_token', ory_session_token: token },
        // No url: a native app shows the settings form itself.
        { action: 'show_settings_ui', flow: { id: settings.id } },
      ],
    });
  }
  setSessionCookie(reply, token, session.expiresAt, ctx.secureCookies);
  if (wantsJson(request)) throw errors.locationChange(url);
  return redirect(reply, url);
}
