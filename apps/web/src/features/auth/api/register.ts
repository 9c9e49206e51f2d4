import type { SuccessfulNativeRegistration } from '@ory/client-fetch';
import { identityApi } from '@/lib/identity';
import { done, submitFlow, type FlowOutcome } from '@/lib/identity-flow';

export const REGISTRATION_FAILED = 'Registration failed';

export interface RegisterInput {
  email: string;
  password: string;
}

/** The verification flow a registration continues with, when the identity service asks for one. */
function verificationFlowOf(result: SuccessfulNativeRegistration): string | null {
  let flowId: string | null = null;
  for (const item of result.continue_with ?? []) {
    if (item.action === 'show_verification_ui') flowId = item.flow.id;
  }
  return flowId;
}

/** Registers with a password; the outcome's value is the verification flow to continue with, if any. */
export function register({ email, password }: RegisterInput): Promise<FlowOutcome<string | null>> {
  return submitFlow({
    open: () => identityApi().createBrowserRegistrationFlow(),
    send: (flow, csrf_token) =>
      identityApi().updateRegistrationFlow({
        flow,
        updateRegistrationFlowBody: { method: 'password', csrf_token, password, traits: { email } },
      }),
    answered: (result) => done(verificationFlowOf(result)),
    retryStale: {},
  });
}
