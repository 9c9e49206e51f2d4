import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors } from './errors.ts';
import type { FlowRow } from './flows.ts';
import { redirect, wantsJson } from './http.ts';
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

/** JSON clients get 422 browser_location_change_required; a browser form post goes straight there. */
export async function startOidc(
  ctx: IdentityContext,
  oidc: OidcStarter,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  providerId: string | undefined,
): Promise<FastifyReply> {
  if (!providerId || !ctx.config.oidcProviders.some((provider) => provider.id === providerId)) {
    throw errors.badRequest(`Unknown sign-in provider "${providerId ?? ''}".`);
  }
  const url = await oidc.authorizeUrl(flow, providerId);
  if (wantsJson(request)) throw errors.locationChange(url);
  return redirect(reply, url);
}
