import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginFlow } from '@ory/client-fetch';
import { csrfTokenOf, identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';
import { errorIdOf, isStaleFlow, outcomeOfError, type FlowOutcome } from '../lib/flow-result';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export type LoginInput =
  { method: 'password'; identifier: string; password: string } | { method: 'oidc'; provider: string };

/**
 * `returnTo` (a path of the app, checked by lib/return-to.ts) goes into the flow: a sign-in that leaves the
 * page (GitHub's) comes back there from the identity service, as a password sign-in does from the login page.
 */
export const loginFlowQueryOptions = (returnTo: string | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.loginFlow, returnTo],
    queryFn: () =>
      identityApi().createBrowserLoginFlow(
        returnTo ? { returnTo: new URL(returnTo, window.location.origin).href } : {},
      ),
    // A flow lives an hour and is replaced when it expires; it is not data to refresh.
    staleTime: Infinity,
    gcTime: 0,
  });

/** The login flow the page's form submits to (its oidc nodes say which providers are configured). */
export function useLoginFlow(returnTo: string | null = null) {
  return useQuery(loginFlowQueryOptions(returnTo));
}

/**
 * The login flow of /login?flow=: the identity service sends the browser back there when a flow has something
 * to say (a provider account it refused, say). Read only for its messages and return_to; null when it
 * cannot be read (expired, unknown, another browser's), and then the page simply goes on without it.
 */
export const givenLoginFlowQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: queryKeys.givenLoginFlow(flowId),
    queryFn: async (): Promise<LoginFlow | null> => {
      try {
        return await identityApi().getLoginFlow({ id: flowId });
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
  });

export function useGivenLoginFlow(flowId: string) {
  return useQuery(givenLoginFlowQueryOptions(flowId));
}

async function submit(flow: LoginFlow, input: LoginInput): Promise<FlowOutcome<null>> {
  try {
    const csrf_token = csrfTokenOf(flow);
    await identityApi().updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { ...input, csrf_token },
    });
    return { kind: 'done', value: null };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export async function login(
  queryClient: QueryClient,
  input: LoginInput,
  returnTo: string | null = null,
): Promise<FlowOutcome<null>> {
  let outcome: FlowOutcome<null> = { kind: 'failed', messages: [], failure: null };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let flow: LoginFlow;
    try {
      flow = await queryClient.fetchQuery(loginFlowQueryOptions(returnTo));
    } catch (error) {
      const created = await outcomeOfError(error);
      // Signed in already (e.g. in another tab): that is what the user wanted.
      const failure = created.kind === 'failed' ? created.failure : null;
      if (failure && errorIdOf(failure.body) === 'session_already_available')
        return { kind: 'done', value: null };
      return created;
    }
    outcome = await submit(flow, input);
    if (!isStaleFlow(outcome)) break;
    queryClient.removeQueries({ queryKey: queryKeys.loginFlow });
  }
  return outcome;
}

export function useLogin(returnTo: string | null = null) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: LoginInput) => login(queryClient, input, returnTo) });
}
