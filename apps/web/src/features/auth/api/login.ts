import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { identityApi } from '@/lib/identity';
import { done, givenFlowQueryOptions, submitFlow, type FlowOutcome } from '@/lib/identity-flow';
import { queryKeys } from '@/lib/query-keys';

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
 * to say (a provider account it refused, say). Read only for its messages and return_to.
 */
export const givenLoginFlowQueryOptions = (flowId: string) =>
  givenFlowQueryOptions(queryKeys.givenLoginFlow(flowId), () => identityApi().getLoginFlow({ id: flowId }));

export function useGivenLoginFlow(flowId: string) {
  return useQuery(givenLoginFlowQueryOptions(flowId));
}

/** Signs in through the page's login flow; being signed in already (in another tab, say) counts as done. */
export function login(
  queryClient: QueryClient,
  input: LoginInput,
  returnTo: string | null = null,
): Promise<FlowOutcome<null>> {
  return submitFlow({
    open: () => queryClient.fetchQuery(loginFlowQueryOptions(returnTo)),
    send: (flow, csrf_token) =>
      identityApi().updateLoginFlow({ flow, updateLoginFlowBody: { ...input, csrf_token } }),
    answered: () => done(null),
    retryStale: { forget: () => queryClient.removeQueries({ queryKey: queryKeys.loginFlow }) },
    alreadySignedIn: null,
  });
}
