import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityApi } from '@/lib/identity';
import {
  doneUnlessMessages,
  errorIdOf,
  splitFieldError,
  submitFlow,
  type FlowOutcome,
} from '@/lib/identity-flow';
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

/** A failure as the password forms show it: a too old sign-in asks for a new one; else never without a message. */
export function failedOutcome(outcome: FlowOutcome<unknown>): PasswordOutcome {
  if (outcome.kind !== 'failed') return { kind: 'failed', messages: [CHANGE_PASSWORD_FAILED] };
  if (outcome.failure?.status === 403 && errorIdOf(outcome.failure.body) === 'session_refresh_required') {
    return { kind: 'reauth' };
  }
  return { kind: 'failed', messages: outcome.messages.length ? outcome.messages : [CHANGE_PASSWORD_FAILED] };
}

/**
 * The identity service's settings flow with the password method. It keeps this session and ends the
 * others; a session signed in too long ago is answered 403 session_refresh_required. The flow offers a
 * password to every account, so one that signs in only with GitHub sets its first password here.
 */
export async function changePassword(password: string): Promise<PasswordOutcome> {
  const outcome = await submitFlow({
    open: () => identityApi().createBrowserSettingsFlow(),
    send: (flow, csrf_token) =>
      identityApi().updateSettingsFlow({
        flow,
        updateSettingsFlowBody: { method: 'password', password, csrf_token },
      }),
    answered: (result) => doneUnlessMessages(result, null),
  });
  if (outcome.kind === 'done') return { kind: 'done' };
  // The new password's fault is shown next to its field, the rest above the form.
  const { fieldError, messages } = outcome.kind === 'failed' ? splitFieldError(outcome, 'password') : {};
  if (fieldError) return { kind: 'failed', messages: messages ?? [], passwordError: fieldError };
  return failedOutcome(outcome);
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
