import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';
import { clearUserJwt } from './get-session';

/** The browser logout flow: create it, then submit its token. */
export async function logout(): Promise<void> {
  const flow = await identityApi().createBrowserLogoutFlow();
  await identityApi().updateLogoutFlow({ token: flow.logout_token });
}

/**
 * Whatever the identity service answers, the cookie is cleared, the session and profile caches are
 * emptied and the user lands on / — a failed logout is only logged.
 */
export function useLogout({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.error('could not be logged out', error);
      }
    },
    onSettled: () => {
      clearUserJwt();
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      onDone();
    },
  });
}
