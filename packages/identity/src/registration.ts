import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors } from './errors.ts';
import { safeReturnTo, saveFlow, sendFlow, uiOf, type FlowRow, flowRoutes, flowStarter } from './flows.ts';
import { redirect, stringField, wantsJson, withQuery } from './http.ts';
import { createIdentity, DuplicateIdentifierError, identityJson, normalizeEmail } from './identities.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { submissionKeys } from './rate-limit.ts';
import { currentSession } from './sessions.ts';
import { oidcNodes, startOidc, type OidcStarter } from './oidc-nodes.ts';
import {
  addMessage,
  addNodeMessage,
  clearMessages,
  input,
  setValue,
  submitNode,
  text,
  type UiNode,
} from './ui.ts';
import { isEmail, startVerification } from './verification.ts';

const registrationNodes = (ctx: IdentityContext): UiNode[] => [
  input('default', 'traits.email', 'email', {
    required: true,
    autocomplete: 'email',
    label: text.trait('E-Mail'),
  }),
  input('password', 'password', 'password', {
    required: true,
    autocomplete: 'new-password',
    label: text.password(),
  }),
  submitNode('password', 'password', text.signUp()),
  ...oidcNodes(ctx, 'registration'),
];

export function registrationRoutes(app: FastifyInstance, ctx: IdentityContext, oidc: OidcStarter): void {
  const newFlow = flowStarter(ctx, 'registration', () => registrationNodes(ctx));

  app.get('/self-service/registration/browser', async (request, reply) => {
    const returnTo = safeReturnTo(ctx, request);
    if (await currentSession(ctx.db, request)) {
      if (!wantsJson(request)) return redirect(reply, returnTo ?? ctx.config.ui.defaultReturnTo);
      throw errors.sessionAlreadyAvailable();
    }
    return sendFlow(ctx, request, reply, await newFlow(request, reply, returnTo));
  });

  app.get('/self-service/registration/api', async (request, reply) => {
    if (await currentSession(ctx.db, request)) throw errors.sessionAlreadyAvailable();
    return sendFlow(ctx, request, reply, await newFlow(request, reply, undefined, 'api'));
  });

  const openSubmission = flowRoutes(app, ctx, 'registration', newFlow);

  app.post('/self-service/registration', async (request, reply) => {
    const submission = await openSubmission(request, reply);
    const toProvider = await startOidc(ctx, oidc, request, reply, submission, 'Sign-up');
    if (toProvider) return toProvider;
    const { flow, body } = submission;
    const traits =
      typeof body.traits === 'object' && body.traits !== null ? (body.traits as Record<string, unknown>) : {};
    const rawEmail = typeof traits.email === 'string' ? traits.email : '';
    const email = normalizeEmail(rawEmail);
    const password = stringField(body, 'password') ?? '';
    await ctx.limiter.consume(
      submissionKeys(ctx.config.rateLimit, 'registration', request.ip, email || undefined),
    );

    const ui = uiOf(flow);
    clearMessages(ui);
    setValue(ui, 'traits.email', rawEmail);
    const fail = async (status = 400) => {
      request.log.info(
        { flowId: flow.id, messages: ui.messages, nodes: ui.nodes.flatMap((node) => node.messages) },
        'registration rejected',
      );
      return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), status);
    };
    if (!email) addNodeMessage(ui, 'traits.email', text.required('traits.email'));
    else if (!isEmail(email)) addNodeMessage(ui, 'traits.email', text.invalidEmail());
    if (!password) addNodeMessage(ui, 'password', text.required('password'));
    else {
      const problem = passwordProblem(password, email);
      if (problem) addNodeMessage(ui, 'password', problem);
    }
    if (ui.nodes.some((node) => node.messages.length > 0)) return fail();

    let identityId: string;
    try {
      const identity = await createIdentity(ctx.db, {
        email,
        hashedPassword: await hashPassword(password, ctx.config.argon2),
        verified: false,
      });
      identityId = identity.id;
      const verification = await startVerification(ctx, request, reply, email, flow.returnTo ?? undefined);
      await saveFlow(ctx, flow, { state: 'passed_challenge', identityId });
      return finish(ctx, request, reply, flow, identity, verification, email);
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError)) throw error;
      addMessage(ui, text.duplicate());
      return fail();
    }
  });
}

async function finish(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  identity: Parameters<typeof identityJson>[1],
  verification: FlowRow,
  email: string,
) {
  const url = withQuery(ctx.config.ui.verification, { flow: verification.id });
  if (flow.type === 'browser' && !wantsJson(request)) return redirect(reply, url);
  return reply.send({
    identity: await identityJson(ctx.db, identity, ctx.config.publicUrl),
    continue_with: [
      { action: 'show_verification_ui', flow: { id: verification.id, verifiable_address: email, url } },
    ],
  });
}
