import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { VerificationFlow } from '@ory/client-fetch';
import { csrfTokenOf, flowErrorMessages, identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';
import { outcomeOfError, type FlowOutcome } from '../lib/flow-result';

export const VERIFICATION_FAILED = 'Verification failed';

export interface VerifyInput {
  flowId: string;
  code: string;
}

/**
 * The flow of /verify?flow=. The link in the mail is answered by the identity service, which checks its code
 * and sends the browser here with the flow passed (or carrying why not); a flow that cannot be read (expired,
 * unknown) is null, and the page offers the code form.
 */
export const verificationFlowQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: queryKeys.verificationFlow(flowId),
    queryFn: async (): Promise<VerificationFlow | null> => {
      try {
        return await identityApi().getVerificationFlow({ id: flowId });
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
  });

export function useVerificationFlow(flowId: string) {
  return useQuery(verificationFlowQueryOptions(flowId));
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
