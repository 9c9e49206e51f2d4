import { useMutation } from '@tanstack/react-query';
import { csrfTokenOf, identityApi } from '@/lib/identity';
import { isStaleFlow, outcomeOfError, type FlowOutcome } from '../lib/flow-result';

export const REGISTRATION_FAILED = 'Registration failed';

export interface RegisterInput {
  email: string;
  password: string;
}

/** Registers with a password; the outcome's value is the verification flow to continue with, if any. */
export async function register(input: RegisterInput): Promise<FlowOutcome<string | null>> {
  let outcome: FlowOutcome<string | null> = { kind: 'failed', messages: [], failure: null };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const flow = await identityApi().createBrowserRegistrationFlow();
      const result = await identityApi().updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          csrf_token: csrfTokenOf(flow),
          password: input.password,
          traits: { email: input.email },
        },
      });
      let verificationFlowId: string | null = null;
      for (const item of result.continue_with ?? []) {
        if (item.action === 'show_verification_ui') verificationFlowId = item.flow.id;
      }
      return { kind: 'done', value: verificationFlowId };
    } catch (error) {
      outcome = await outcomeOfError(error);
      if (!isStaleFlow(outcome)) break;
    }
  }
  return outcome;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
