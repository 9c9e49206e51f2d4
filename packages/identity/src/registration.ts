import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors } from './errors.ts';
import {
  answerSignedIn,
  safeReturnTo,
  saveFlow,
  sendFlow,
  uiOf,
  type FlowRow,
  flowStarter,
} from './flows.ts';
import { redirect, stringField, wantsJson, withQuery } from './http.ts';
import { createIdentity, DuplicateIdentifierError, identityJson } from './identities.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { submissionKeys } from './rate-limit.ts';
import { currentSession } from './sessions.ts';
import { oidcNodes, signInRoutes, type OidcStarter } from './oidc-nodes.ts';
import {
  addMessage,
  addNodeMessage,
  clearMessages,
  emailTraitNode,
  passwordNode,
  submitNode,
  text,
} from './ui.ts';
import { readEmailTrait, startVerification } from './verification.ts';

const registrationNodes = (ctx: IdentityContext) => [
  emailTraitNode('default'),
  passwordNode('new-password'),
  submitNode('password', 'password', text.signUp()),
  ...oidcNodes(ctx, 'registration'),
];

export function registrationRoutes(app: FastifyInstance, ctx: IdentityContext, oidc: OidcStarter): void {
  const newFlow = flowStarter(ctx, 'registration', () => registrationNodes(ctx));

  app.get('/self-service/registration/browser', async (request, reply) => {
    const returnTo = safeReturnTo(ctx, request);
    if (await currentSession(ctx.db, request)) return answerSignedIn(ctx, request, reply, returnTo);
    return sendFlow(ctx, request, reply, await newFlow(request, reply, returnTo));
  });

  app.get('/self-service/registration/api', async (request, reply) => {
    if (await currentSession(ctx.db, request)) throw errors.sessionAlreadyAvailable();
    return sendFlow(ctx, request, reply, await newFlow(request, reply, undefined, 'api'));
  });

  signInRoutes(app, ctx, oidc, 'registration', newFlow, async (request, reply, { flow, body }) => {
    const ui = uiOf(flow);
    clearMessages(ui);
    const email = readEmailTrait(ui, body);
    const password = stringField(body, 'password') ?? '';
    await ctx.limiter.consume(
      submissionKeys(ctx.config.rateLimit, 'registration', request.ip, email || undefined),
    );

    const fail = async (status = 400) => {
      request.log.info(
        { flowId: flow.id, messages: ui.messages, nodes: ui.nodes.flatMap((node) => node.messages) },
        'registration rejected',
      );
      return sendFlow(ctx, request, reply, await saveFlow(ctx, flow, { ui }), status);
    };
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
