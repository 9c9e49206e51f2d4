import { useMutation } from '@tanstack/react-query';
import { csrfTokenOf, flowErrorMessages, identityApi } from '@/lib/identity';
import { outcomeOfError, type FlowOutcome } from '../lib/flow-result';

export const VERIFICATION_FAILED = 'Verification failed';

export interface VerifyInput {
  flowId: string;
  code: string;
}

/** Submits the e-mailed code to the verification flow; done means the address is verified. */
export async function verify({ flowId, code }: VerifyInput): Promise<FlowOutcome<null>> {
  try {
    const flow = await identityApi().getVerificationFlow({ id: flowId });
    const result = await identityApi().updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code: code.trim(), csrf_token: csrfTokenOf(flow) },
    });
    if (result.state === 'passed_challenge') return { kind: 'done', value: null };
    return { kind: 'failed', messages: flowErrorMessages(result), failure: null };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export function useVerify() {
  return useMutation({ mutationFn: verify });
}
