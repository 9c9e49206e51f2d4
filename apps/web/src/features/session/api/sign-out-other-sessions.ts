import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';

/** Ends every session of the user except this browser's; resolves with how many ended. */
export async function signOutOtherSessions(): Promise<number> {
  const result = await identityApi().disableMyOtherSessions();
  return result.count ?? 0;
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions }),
  });
}
