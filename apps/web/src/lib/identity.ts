import type { UiContainer, UiNodeInputAttributes } from '@ory/client-fetch';
import { identityClient, IdentityResponseError, type IdentityClient } from './identity-client';

/** The identity service's browser API: JSON answers (not redirects) with the browser's cookies. */
export function identityApi(): IdentityClient {
  return identityClient;
}

/** A failed identity call: its HTTP status and JSON body (a flow with messages, or an error envelope). */
export interface IdentityFailure {
  status: number;
  body: Record<string, unknown>;
}

/** The status and body of a failed identity call; null when the request did not reach the server. */
export async function identityFailure(error: unknown): Promise<IdentityFailure | null> {
  if (!(error instanceof IdentityResponseError)) return null;
  let body: Record<string, unknown> = {};
  try {
    const text = await error.response.clone().text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: only the status is known.
  }
  return { status: error.response.status, body };
}

export const CSRF_MISSING = 'CSRF token could not be found in the UI nodes';

/** The masked CSRF token of a flow's form (a missing one is an error). */
export function csrfTokenOf(flow: { ui: UiContainer }): string {
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as Partial<UiNodeInputAttributes>;
    if (attributes.name === 'csrf_token' && typeof attributes.value === 'string') return attributes.value;
  }
  throw new Error(CSRF_MISSING);
}

/** The error texts a flow carries: form-level `ui.messages` first, then those on its fields. */
export function flowErrorMessages(value: unknown): string[] {
  const ui = (value as { ui?: Partial<UiContainer> } | null)?.ui;
  if (!ui) return [];
  const texts = (ui.messages ?? []).filter((message) => message.type === 'error').map((m) => m.text);
  for (const node of ui.nodes ?? []) {
    for (const message of node.messages ?? []) if (message.type === 'error') texts.push(message.text);
  }
  return [...new Set(texts)];
}

/** The first error the identity service put on the field `name` of a flow (its node's messages). */
export function fieldErrorOf(value: unknown, name: string): string | undefined {
  const nodes = (value as { ui?: Partial<UiContainer> } | null)?.ui?.nodes ?? [];
  for (const node of nodes) {
    const attributes = node.attributes as Partial<UiNodeInputAttributes>;
    if (attributes.name !== name) continue;
    const error = (node.messages ?? []).find((message) => message.type === 'error');
    if (error) return error.text;
  }
  return undefined;
}

/** A sign-in provider a flow offers: the value to submit and the button's text from the identity service. */
export interface OidcProvider {
  id: string;
  label: string;
}

/**
 * The OIDC providers a flow offers (the `provider` submit buttons of its oidc group). The identity service,
 * as Kratos, lists only the providers it is configured with, so a page shows exactly these and no others.
 */
export function oidcProvidersOf(flow: { ui: UiContainer } | undefined): OidcProvider[] {
  if (!flow) return [];
  const providers: OidcProvider[] = [];
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as Partial<UiNodeInputAttributes>;
    if (node.group !== 'oidc' || attributes.name !== 'provider' || typeof attributes.value !== 'string')
      continue;
    const id = String(attributes.value);
    providers.push({ id, label: node.meta.label?.text ?? `Sign in with ${id}` });
  }
  return providers;
}
