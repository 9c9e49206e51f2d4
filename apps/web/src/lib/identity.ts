import {
  Configuration,
  FrontendApi,
  ResponseError,
  type UiContainer,
  type UiNodeInputAttributes,
} from '@ory/client-fetch';
import { env } from '@/config/env';

let api: FrontendApi | undefined;

/** The identity service's SDK, wired for an SPA: JSON answers (not redirects) and the browser's cookies. */
export function identityApi(): FrontendApi {
  api ??= new FrontendApi(
    new Configuration({
      basePath: env.identityUrl(),
      credentials: 'include',
      headers: { Accept: 'application/json' },
    }),
  );
  return api;
}

/** A failed identity call: its HTTP status and JSON body (a flow with messages, or an error envelope). */
export interface IdentityFailure {
  status: number;
  body: Record<string, unknown>;
}

/** The status and body of an SDK error; null when the request did not reach the server. */
export async function identityFailure(error: unknown): Promise<IdentityFailure | null> {
  if (!(error instanceof ResponseError)) return null;
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

/** The masked CSRF token of a flow's form (spec §5: a missing one is an error). */
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

/** The OIDC providers a flow offers (the `provider` submit buttons of its oidc group). */
export function oidcProvidersOf(flow: { ui: UiContainer } | undefined): string[] {
  if (!flow) return [];
  return flow.ui.nodes
    .filter((node) => node.group === 'oidc')
    .map((node) => node.attributes as Partial<UiNodeInputAttributes>)
    .filter((attributes) => attributes.name === 'provider' && typeof attributes.value === 'string')
    .map((attributes) => String(attributes.value));
}
