import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginFlow, UiNodeInputAttributes } from '@ory/client-fetch';
import { identityApi } from '@/lib/identity';
import { done, submitFlow } from '@/lib/identity-flow';
import { queryKeys } from '@/lib/query-keys';
import { CHANGE_PASSWORD_FAILED, failedOutcome, type PasswordOutcome } from './change-password';

/** A provider the account can sign in with again, labelled as the identity service labels its button. */
export interface ConfirmProvider {
  id: string;
  label: string;
}

/**
 * What the refresh login flow lets this account prove itself with. The identity service (as Kratos) offers
 * the password only to an account that has one, and the providers linked to it.
 */
export function confirmMethodsOf(flow: LoginFlow): { password: boolean; providers: ConfirmProvider[] } {
  const providers: ConfirmProvider[] = [];
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as Partial<UiNodeInputAttributes>;
    if (node.group !== 'oidc' || attributes.name !== 'provider' || typeof attributes.value !== 'string')
      continue;
    providers.push({ id: attributes.value, label: node.meta.label?.text ?? attributes.value });
  }
  return { password: flow.ui.nodes.some((node) => node.group === 'password'), providers };
}

export type RefreshStart = { kind: 'ready'; flow: LoginFlow } | { kind: 'failed'; messages: string[] };

/**
 * A login flow with refresh=true. Its return_to is this page: a provider's sign-in leaves the app, and the
 * identity service sends the browser back here once the session is renewed.
 */
export async function startRefresh(): Promise<RefreshStart> {
  try {
    const flow = await identityApi().createBrowserLoginFlow({
      refresh: true,
      returnTo: window.location.href,
    });
    return { kind: 'ready', flow };
  } catch {
    return { kind: 'failed', messages: [CHANGE_PASSWORD_FAILED] };
  }
}

type ConfirmBody =
  { method: 'password'; identifier: string; password: string } | { method: 'oidc'; provider: string };

const sendLogin = (flow: LoginFlow, body: ConfirmBody) =>
  submitFlow({
    open: () => Promise.resolve(flow),
    send: (id, csrf_token) =>
      identityApi().updateLoginFlow({ flow: id, updateLoginFlowBody: { ...body, csrf_token } }),
    answered: () => done(null),
  });

/** Re-authentication with the current password: renews this session's sign-in time. */
export async function confirmWithPassword(
  flow: LoginFlow,
  email: string,
  password: string,
): Promise<PasswordOutcome> {
  const outcome = await sendLogin(flow, { method: 'password', identifier: email, password });
  return outcome.kind === 'done' ? { kind: 'done' } : failedOutcome(outcome);
}

/** Re-authentication with a provider: the identity service answers where to send the browser (422). */
export async function confirmWithProvider(
  flow: LoginFlow,
  provider: string,
): Promise<{ kind: 'redirect'; url: string } | { kind: 'failed'; messages: string[] }> {
  const outcome = await sendLogin(flow, { method: 'oidc', provider });
  if (outcome.kind === 'redirect') return outcome;
  // Answered without an address to go to, nothing was confirmed.
  const failed = failedOutcome(outcome);
  return { kind: 'failed', messages: failed.kind === 'failed' ? failed.messages : [CHANGE_PASSWORD_FAILED] };
}

export function useStartRefresh() {
  return useMutation({ mutationFn: startRefresh });
}

export function useConfirmWithPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { flow: LoginFlow; email: string; password: string }) =>
      confirmWithPassword(input.flow, input.email, input.password),
    onSuccess: (outcome) => {
      if (outcome.kind === 'done') void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

export function useConfirmWithProvider() {
  return useMutation({
    mutationFn: (input: { flow: LoginFlow; provider: string }) =>
      confirmWithProvider(input.flow, input.provider),
  });
}
