import type {
  DeleteMySessionsCount,
  FlowError,
  LoginFlow,
  LogoutFlow,
  RecoveryFlow,
  RegistrationFlow,
  Session,
  SettingsFlow,
  SuccessfulNativeLogin,
  SuccessfulNativeRegistration,
  UpdateLoginFlowBody,
  UpdateRecoveryFlowBody,
  UpdateRegistrationFlowBody,
  UpdateSettingsFlowBody,
  UpdateVerificationFlowBody,
  VerificationFlow,
} from '@ory/client-fetch';
import { env } from '@/config/env';

// The identity service's browser endpoints the app calls, as its SDK calls them (same paths, parameters and
// answers), in a few lines rather than the SDK's generated runtime: every page loads this, the dashboard too.

/** An answer of the identity service outside 2xx; its body is read by `identityFailure`. */
export class IdentityResponseError extends Error {
  readonly response: Response;

  constructor(response: Response) {
    super(`The identity service answered ${response.status}`);
    this.name = 'IdentityResponseError';
    this.response = response;
  }
}

// The top-level timestamps of flows and sessions, which the SDK's types declare as Date.
const DATE_FIELDS = ['authenticated_at', 'expires_at', 'issued_at'];

function withDates(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDates);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = { ...value };
  for (const field of DATE_FIELDS) {
    if (typeof copy[field] === 'string') copy[field] = new Date(copy[field]);
  }
  return copy;
}

type Query = Record<string, string | boolean | undefined>;

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, query: Query = {}, body?: object) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${env.identityUrl()}${path}${search ? `?${search}` : ''}`, {
    method,
    credentials: 'include',
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status < 200 || response.status >= 300) throw new IdentityResponseError(response);
  const text = await response.text();
  return (text ? withDates(JSON.parse(text)) : undefined) as T;
}

export const identityClient = {
  createBrowserLoginFlow: (parameters: { refresh?: boolean; returnTo?: string } = {}) =>
    call<LoginFlow>('GET', '/self-service/login/browser', {
      refresh: parameters.refresh,
      return_to: parameters.returnTo,
    }),
  getLoginFlow: ({ id }: { id: string }) => call<LoginFlow>('GET', '/self-service/login/flows', { id }),
  updateLoginFlow: ({
    flow,
    updateLoginFlowBody,
  }: {
    flow: string;
    updateLoginFlowBody: UpdateLoginFlowBody;
  }) => call<SuccessfulNativeLogin>('POST', '/self-service/login', { flow }, updateLoginFlowBody),
  createBrowserRegistrationFlow: () => call<RegistrationFlow>('GET', '/self-service/registration/browser'),
  updateRegistrationFlow: ({
    flow,
    updateRegistrationFlowBody,
  }: {
    flow: string;
    updateRegistrationFlowBody: UpdateRegistrationFlowBody;
  }) =>
    call<SuccessfulNativeRegistration>(
      'POST',
      '/self-service/registration',
      { flow },
      updateRegistrationFlowBody,
    ),
  getVerificationFlow: ({ id }: { id: string }) =>
    call<VerificationFlow>('GET', '/self-service/verification/flows', { id }),
  updateVerificationFlow: ({
    flow,
    updateVerificationFlowBody,
  }: {
    flow: string;
    updateVerificationFlowBody: UpdateVerificationFlowBody;
  }) => call<VerificationFlow>('POST', '/self-service/verification', { flow }, updateVerificationFlowBody),
  createBrowserRecoveryFlow: () => call<RecoveryFlow>('GET', '/self-service/recovery/browser'),
  updateRecoveryFlow: ({
    flow,
    updateRecoveryFlowBody,
  }: {
    flow: string;
    updateRecoveryFlowBody: UpdateRecoveryFlowBody;
  }) => call<RecoveryFlow>('POST', '/self-service/recovery', { flow }, updateRecoveryFlowBody),
  createBrowserSettingsFlow: () => call<SettingsFlow>('GET', '/self-service/settings/browser'),
  getSettingsFlow: ({ id }: { id: string }) =>
    call<SettingsFlow>('GET', '/self-service/settings/flows', { id }),
  updateSettingsFlow: ({
    flow,
    updateSettingsFlowBody,
  }: {
    flow: string;
    updateSettingsFlowBody: UpdateSettingsFlowBody;
  }) => call<SettingsFlow>('POST', '/self-service/settings', { flow }, updateSettingsFlowBody),
  getFlowError: ({ id }: { id: string }) => call<FlowError>('GET', '/self-service/errors', { id }),
  createBrowserLogoutFlow: () => call<LogoutFlow>('GET', '/self-service/logout/browser'),
  updateLogoutFlow: ({ token }: { token: string }) =>
    call<undefined>('GET', '/self-service/logout', { token }),
  toSession: ({ tokenizeAs }: { tokenizeAs?: string } = {}) =>
    call<Session>('GET', '/sessions/whoami', { tokenize_as: tokenizeAs }),
  listMySessions: () => call<Session[]>('GET', '/sessions'),
  disableMySession: ({ id }: { id: string }) =>
    call<undefined>('DELETE', `/sessions/${encodeURIComponent(id)}`),
  disableMyOtherSessions: () => call<DeleteMySessionsCount>('DELETE', '/sessions'),
};

export type IdentityClient = typeof identityClient;
