import { useMutation } from '@tanstack/react-query';
import { identityApi } from '@/lib/identity';

/** Ends every session of the user except this browser's; resolves with how many ended. */
export async function signOutOtherSessions(): Promise<number> {
  const result = await identityApi().disableMyOtherSessions();
  return result.count ?? 0;
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions });
}
