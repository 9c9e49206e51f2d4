import { useMutation, useQueryClient } from '@tanstack/react-query';
import { csrfTokenOf, fieldErrorOf, flowErrorMessages, identityApi, identityFailure } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';

export const CHANGE_PASSWORD_FAILED = 'Could not change the password. Please try again.';

/**
 * done; reauth: the session is too old, the user must confirm it is them first; failed: say why, with the
 * identity service's word on the new password (too short, breached...) apart, to show next to its field.
 */
export type PasswordOutcome =
  | { kind: 'done' }
  | { kind: 'reauth' }
  | { kind: 'failed'; messages: string[]; passwordError?: string | undefined };

export async function failedOutcome(error: unknown): Promise<PasswordOutcome> {
  const failure = await identityFailure(error);
  const envelope = failure?.body.error as { id?: unknown; reason?: unknown } | undefined;
  if (failure?.status === 403 && envelope?.id === 'session_refresh_required') return { kind: 'reauth' };
  const messages = failure ? flowErrorMessages(failure.body) : [];
  if (!messages.length && failure && failure.status < 500 && typeof envelope?.reason === 'string') {
    messages.push(envelope.reason);
  }
  return { kind: 'failed', messages: messages.length ? messages : [CHANGE_PASSWORD_FAILED] };
}

/**
 * The identity service's settings flow with the password method. It keeps this session and ends the
 * others; a session signed in too long ago is answered 403 session_refresh_required. The flow offers a
 * password to every account, so one that signs in only with GitHub sets its first password here.
 */
export async function changePassword(password: string): Promise<PasswordOutcome> {
  try {
    const flow = await identityApi().createBrowserSettingsFlow();
    const result = await identityApi().updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'password', password, csrf_token: csrfTokenOf(flow) },
    });
    const messages = flowErrorMessages(result);
    return messages.length ? { kind: 'failed', messages } : { kind: 'done' };
  } catch (error) {
    const outcome = await failedOutcome(error);
    const passwordError = fieldErrorOf((await identityFailure(error))?.body, 'password');
    if (outcome.kind !== 'failed' || !passwordError) return outcome;
    return {
      kind: 'failed',
      messages: outcome.messages.filter((message) => message !== passwordError),
      passwordError,
    };
  }
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (outcome) => {
      if (outcome.kind === 'done') void queryClient.invalidateQueries({ queryKey: queryKeys.mySessions });
    },
  });
}
