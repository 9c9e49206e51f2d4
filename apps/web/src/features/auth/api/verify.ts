import { useQuery } from '@tanstack/react-query';
import { flowErrorMessages, identityApi } from '@/lib/identity';
import { done, failedWith, givenFlowQueryOptions, submitFlow, type FlowOutcome } from '@/lib/identity-flow';
import { queryKeys } from '@/lib/query-keys';

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
  givenFlowQueryOptions(queryKeys.verificationFlow(flowId), () =>
    identityApi().getVerificationFlow({ id: flowId }),
  );

export function useVerificationFlow(flowId: string) {
  return useQuery(verificationFlowQueryOptions(flowId));
}

/** Submits the e-mailed code to the verification flow; done means the address is verified. */
export function verify({ flowId, code }: VerifyInput): Promise<FlowOutcome<null>> {
  return submitFlow({
    open: () => identityApi().getVerificationFlow({ id: flowId }),
    send: (flow, csrf_token) =>
      identityApi().updateVerificationFlow({
        flow,
        updateVerificationFlowBody: { method: 'code', code: code.trim(), csrf_token },
      }),
    answered: (result) =>
      result.state === 'passed_challenge' ? done(null) : failedWith(flowErrorMessages(result)),
  });
}
