import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@ory/client-fetch';
import { identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';

/** The user's other active sessions, newest first (the identity service leaves out the current one). */
export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mySessions,
    queryFn: (): Promise<Session[]> => identityApi().listMySessions(),
  });

export function useMySessions(enabled: boolean) {
  return useQuery({ ...mySessionsQueryOptions(), enabled });
}

/** Ends one other session; the identity service also revokes the JWTs issued for it. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => identityApi().disableMySession({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions }),
  });
}
