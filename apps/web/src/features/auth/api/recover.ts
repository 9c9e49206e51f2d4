import { useMutation } from '@tanstack/react-query';
import type { RecoveryFlow } from '@ory/client-fetch';
import { csrfTokenOf, flowErrorMessages, identityApi } from '@/lib/identity';
import { outcomeOfError, type FlowOutcome } from '../lib/flow-result';

export const RECOVERY_FAILED = 'Recovery failed';

/** Step 1: a new recovery flow, and the e-mail address to send the code to. Done: the flow awaiting the code. */
export async function requestRecoveryCode(email: string): Promise<FlowOutcome<RecoveryFlow>> {
  try {
    const flow = await identityApi().createBrowserRecoveryFlow();
    const sent = await identityApi().updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfTokenOf(flow) },
    });
    return { kind: 'done', value: sent };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/**
 * Step 2: the code. On success the identity service signs the user in and answers 422 with the settings
 * flow in which to choose a new password; done carries that flow's id.
 */
export async function submitRecoveryCode(flow: RecoveryFlow, code: string): Promise<FlowOutcome<string>> {
  try {
    const result = await identityApi().updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', code: code.trim(), csrf_token: csrfTokenOf(flow) },
    });
    return { kind: 'failed', messages: flowErrorMessages(result), failure: null };
  } catch (error) {
    const outcome = await outcomeOfError(error);
    if (outcome.kind !== 'redirect') return outcome;
    const settingsFlowId = new URL(outcome.url, window.location.origin).searchParams.get('flow');
    return settingsFlowId ? { kind: 'done', value: settingsFlowId } : outcome;
  }
}

/** Step 3: the new password, through the settings flow the recovery opened. */
export async function setNewPassword(settingsFlowId: string, password: string): Promise<FlowOutcome<null>> {
  try {
    const flow = await identityApi().getSettingsFlow({ id: settingsFlowId });
    const result = await identityApi().updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'password', password, csrf_token: csrfTokenOf(flow) },
    });
    const messages = flowErrorMessages(result);
    return messages.length ? { kind: 'failed', messages, failure: null } : { kind: 'done', value: null };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export function useRequestRecoveryCode() {
  return useMutation({ mutationFn: requestRecoveryCode });
}

export function useSubmitRecoveryCode() {
  return useMutation({
    mutationFn: (input: { flow: RecoveryFlow; code: string }) => submitRecoveryCode(input.flow, input.code),
  });
}

export function useSetNewPassword() {
  return useMutation({
    mutationFn: (input: { flowId: string; password: string }) => setNewPassword(input.flowId, input.password),
  });
}
