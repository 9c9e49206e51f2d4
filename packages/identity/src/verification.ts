import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueCode, MAX_CODE_SUBMISSIONS, redeemCode } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { mails } from './courier.ts';
import { matchesCookie } from './csrf.ts';
import { errors } from './errors.ts';
import {
  createFlow,
  isExpired,
  loadFlow,
  safeReturnTo,
  saveFlow,
  sendFlow,
  uiOf,
  type FlowRow,
  flowRoutes,
  flowStarter,
} from './flows.ts';
import { queryParam, redirect, stringField, withQuery } from './http.ts';
import { findAddress, markVerified, normalizeEmail } from './identities.ts';
import { submissionKeys } from './rate-limit.ts';
import {
  addMessage,
  addNodeMessage,
  clearMessages,
  linkNode,
  setValue,
  text,
  codeEmailNodes,
  codeSentNodes,
  withCsrfNode,
  type Ui,
} from './ui.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value) && value.length <= 320;
}

/**
 * The submitted traits.email (registration, settings' profile), normalized: the form keeps what was typed,
 * and the field says whether it is missing or no address.
 */
export function readEmailTrait(ui: Ui, body: Record<string, unknown>): string {
  const traits =
    typeof body.traits === 'object' && body.traits !== null ? (body.traits as Record<string, unknown>) : {};
  const raw = typeof traits.email === 'string' ? traits.email : '';
  const email = normalizeEmail(raw);
  setValue(ui, 'traits.email', raw);
  if (!email) addNodeMessage(ui, 'traits.email', text.required('traits.email'));
  else if (!isEmail(email)) addNodeMessage(ui, 'traits.email', text.invalidEmail());
  return email;
}

/** Sends a code to the address when it belongs to an identity; an unknown one looks the same (no enumeration). */
async function sendCode(ctx: IdentityContext, flow: FlowRow, email: string): Promise<void> {
  const address = await findAddress(ctx.db, email);
  if (!address) return;
  const code = await issueCode(ctx, flow.id, address.value);
  const url = withQuery(`${ctx.config.publicUrl}/self-service/verification`, { flow: flow.id, code });
  await ctx.courier.enqueue(mails.verification(address.value, code, url));
}

async function toSentEmail(ctx: IdentityContext, flow: FlowRow, email: string): Promise<FlowRow> {
  await sendCode(ctx, flow, email);
  const ui = withCsrfNode(uiOf(flow), codeSentNodes(email, text.verificationCode()));
  addMessage(ui, text.verificationCodeSent());
  return saveFlow(ctx, flow, { state: 'sent_email', ui, internal: { ...flow.internal, email } });
}

/** The verification flow a registration hands over (continue_with show_verification_ui), code already sent. */
export async function startVerification(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  returnTo?: string,
): Promise<FlowRow> {
  const flow = await createFlow(ctx, request, reply, {
    kind: 'verification',
    state: 'choose_method',
    nodes: codeEmailNodes(email),
    returnTo,
  });
  return toSentEmail(ctx, flow, normalizeEmail(email));
}

export function verificationRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const newFlow = flowStarter(ctx, 'verification', codeEmailNodes);

  /** Judges a submitted code; answers the flow to show (a fresh one once the flow is spent). */
  async function checkCode(request: FastifyRequest, reply: FastifyReply, flow: FlowRow, code: string) {
    await ctx.limiter.consume(submissionKeys(ctx.config.rateLimit, 'verification', request.ip));
    if (flow.submitCount >= MAX_CODE_SUBMISSIONS) {
      // As Kratos: the flow is spent; start over with a new one that says why.
      const fresh = await newFlow(request, reply, flow.returnTo ?? undefined, flow.type);
      const ui = uiOf(fresh);
      addMessage(ui, text.tooOften());
      return saveFlow(ctx, fresh, { ui });
    }
    const address = await redeemCode(ctx, flow.id, code);
    if (!address) {
      request.log.info({ flowId: flow.id }, 'verification: invalid code');
      const ui = withCsrfNode(
        uiOf(flow),
        codeSentNodes(String(flow.internal.email ?? ''), text.verificationCode()),
      );
      addMessage(ui, text.verificationCodeInvalid());
      return saveFlow(ctx, flow, { ui, submitCount: flow.submitCount + 1 });
    }
    await markVerified(ctx.db, address);
    const ui = withCsrfNode(uiOf(flow), [
      linkNode('code', 'continue', flow.returnTo ?? ctx.config.ui.defaultReturnTo, text.continue()),
    ]);
    addMessage(ui, text.verified());
    return saveFlow(ctx, flow, { state: 'passed_challenge', ui });
  }

  app.get('/self-service/verification/browser', async (request, reply) => {
    const flow = await newFlow(request, reply, safeReturnTo(ctx, request));
    return sendFlow(ctx, request, reply, flow);
  });

  // Native apps: the same flow without a CSRF token, always answered as JSON.
  app.get('/self-service/verification/api', async (request, reply) => {
    const flow = await newFlow(request, reply, undefined, 'api');
    return sendFlow(ctx, request, reply, flow);
  });

  const openSubmission = flowRoutes(app, ctx, 'verification', newFlow);

  // The link in the mail. It may be opened in another browser than the one that asked (a phone): the code
  // is the proof, so no CSRF token is needed, and that browser gets a flow of its own showing the outcome.
  app.get('/self-service/verification', async (request, reply) => {
    const flow = await loadFlow(ctx, 'verification', queryParam(request, 'flow'));
    const code = queryParam(request, 'code');
    if (isExpired(flow)) {
      throw errors.flowExpired(
        flow.expiresAt,
        (await newFlow(request, reply, flow.returnTo ?? undefined)).id,
      );
    }
    let result = code && flow.state === 'sent_email' ? await checkCode(request, reply, flow, code) : flow;
    if (!matchesCookie(request, result.csrfToken, ctx.config.publicUrl)) {
      const mine = await newFlow(request, reply, result.returnTo ?? undefined);
      const outcome = uiOf(result);
      const ui = withCsrfNode(
        uiOf(mine),
        outcome.nodes.filter((node) => node.attributes.name !== 'csrf_token'),
      );
      if (outcome.messages) ui.messages = outcome.messages;
      result = await saveFlow(ctx, mine, { state: result.state, ui, internal: result.internal });
    }
    return redirect(reply, withQuery(ctx.config.ui.verification, { flow: result.id }));
  });

  app.post('/self-service/verification', async (request, reply) => {
    const { flow, body } = await openSubmission(request, reply);
    const code = stringField(body, 'code');
    const email = stringField(body, 'email');
    const rl = ctx.config.rateLimit;

    if (code && flow.state === 'sent_email')
      return sendFlow(ctx, request, reply, await checkCode(request, reply, flow, code));

    if (email !== undefined) {
      const normalized = normalizeEmail(email);
      await ctx.limiter.consume(submissionKeys(rl, 'code-send', request.ip, normalized));
      if (!isEmail(normalized)) {
        const ui = withCsrfNode(uiOf(flow), codeEmailNodes(email));
        const node = ui.nodes.find((candidate) => candidate.attributes.name === 'email');
        node?.messages.push(text.invalidEmail());
        return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
      }
      return sendFlow(ctx, request, reply, await toSentEmail(ctx, flow, normalized));
    }

    const ui = uiOf(flow);
    clearMessages(ui);
    addMessage(ui, text.required(flow.state === 'sent_email' ? 'code' : 'email'));
    return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), 400);
  });
}
