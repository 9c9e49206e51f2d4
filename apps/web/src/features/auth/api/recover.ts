import type { RecoveryFlow } from '@ory/client-fetch';
import { flowErrorMessages, identityApi } from '@/lib/identity';
import { done, doneUnlessMessages, failedWith, submitFlow, type FlowOutcome } from '@/lib/identity-flow';

export const RECOVERY_FAILED = 'Recovery failed';

const sendRecovery = (flow: string, body: { email: string } | { code: string }, csrf_token: string) =>
  identityApi().updateRecoveryFlow({
    flow,
    updateRecoveryFlowBody: { method: 'code', ...body, csrf_token },
  });

/** Step 1: a new recovery flow, and the e-mail address to send the code to. Done: the flow awaiting the code. */
export function requestRecoveryCode(email: string): Promise<FlowOutcome<RecoveryFlow>> {
  return submitFlow({
    open: () => identityApi().createBrowserRecoveryFlow(),
    send: (flow, csrf_token) => sendRecovery(flow, { email }, csrf_token),
    answered: done,
  });
}

/**
 * Step 2: the code. On success the identity service signs the user in and answers 422 with the settings
 * flow in which to choose a new password; done carries that flow's id.
 */
export async function submitRecoveryCode(flow: RecoveryFlow, code: string): Promise<FlowOutcome<string>> {
  const outcome = await submitFlow({
    open: () => Promise.resolve(flow),
    send: (flowId, csrf_token) => sendRecovery(flowId, { code: code.trim() }, csrf_token),
    answered: (result): FlowOutcome<string> => failedWith(flowErrorMessages(result)),
  });
  if (outcome.kind !== 'redirect') return outcome;
  const settingsFlowId = new URL(outcome.url, window.location.origin).searchParams.get('flow');
  return settingsFlowId ? done(settingsFlowId) : outcome;
}

/** Step 3: the new password, through the settings flow the recovery opened. */
export function setNewPassword(settingsFlowId: string, password: string): Promise<FlowOutcome<null>> {
  return submitFlow({
    open: () => identityApi().getSettingsFlow({ id: settingsFlowId }),
    send: (flow, csrf_token) =>
      identityApi().updateSettingsFlow({
        flow,
        updateSettingsFlowBody: { method: 'password', password, csrf_token },
      }),
    answered: (result) => doneUnlessMessages(result, null),
  });
}
