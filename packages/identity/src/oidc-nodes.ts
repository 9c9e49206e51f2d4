import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors } from './errors.ts';
import { flowRoutes, type FlowRow, type NewFlow, type Submission } from './flows.ts';
import { redirect, stringField, wantsJson } from './http.ts';
import { submitNode, text, type UiNode } from './ui.ts';

/** Starts a sign-in with an external provider: answers the provider's authorize URL for this flow. */
export interface OidcStarter {
  authorizeUrl(flow: FlowRow, providerId: string): Promise<string>;
}

/**
 * One submit button per configured provider (`{method:"oidc", provider}`), as Kratos renders them; `only`
 * keeps those of the listed providers (a refresh offers the identity's own).
 */
export function oidcNodes(ctx: IdentityContext, kind: 'login' | 'registration', only?: string[]): UiNode[] {
  const providers = ctx.config.oidcProviders.filter((provider) => !only || only.includes(provider.id));
  return providers.map((provider) => {
    const label = provider.label ?? provider.id.charAt(0).toUpperCase() + provider.id.slice(1);
    return submitNode(
      'oidc',
      provider.id,
      kind === 'login' ? text.signInWith(label) : text.signUpWith(label),
      'provider',
    );
  });
}

/**
 * A submission with method "oidc" (browser flows only) goes to its provider: JSON clients get 422
 * browser_location_change_required, a browser form post goes straight there. Null for any other method.
 */
async function startOidc(
  ctx: IdentityContext,
  oidc: OidcStarter,
  request: FastifyRequest,
  reply: FastifyReply,
  submission: Submission,
  action: 'Sign-in' | 'Sign-up',
): Promise<FastifyReply | null> {
  const { flow, body } = submission;
  if (stringField(body, 'method') !== 'oidc') return null;
  if (flow.type === 'api') throw errors.badRequest(`${action} with a provider needs a browser flow.`);
  const providerId = stringField(body, 'provider');
  if (!providerId || !ctx.config.oidcProviders.some((provider) => provider.id === providerId)) {
    throw errors.badRequest(`Unknown sign-in provider "${providerId ?? ''}".`);
  }
  const url = await oidc.authorizeUrl(flow, providerId);
  if (wantsJson(request)) throw errors.locationChange(url);
  return redirect(reply, url);
}

/**
 * The flow routes of login or registration and its update*Flow: a submission with method "oidc" goes to its
 * provider, any other is handled by `submit`.
 */
export function signInRoutes(
  app: FastifyInstance,
  ctx: IdentityContext,
  oidc: OidcStarter,
  kind: 'login' | 'registration',
  newFlow: NewFlow,
  submit: (request: FastifyRequest, reply: FastifyReply, submission: Submission) => Promise<FastifyReply>,
): void {
  const openSubmission = flowRoutes(app, ctx, kind, newFlow);
  app.post(`/self-service/${kind}`, async (request, reply) => {
    const submission = await openSubmission(request, reply);
    const action = kind === 'login' ? 'Sign-in' : 'Sign-up';
    const toProvider = await startOidc(ctx, oidc, request, reply, submission, action);
    return toProvider ?? submit(request, reply, submission);
  });
}
