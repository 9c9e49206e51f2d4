import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usernameRecordSchema, type UsernameRecord } from '@stackyard/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function claimUsername(username: string): Promise<UsernameRecord> {
  return apiRequest('/profile/username', {
    method: 'POST',
    body: { username },
    schema: usernameRecordSchema,
  });
}

export function useClaimUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimUsername,
    // The workspace list names each owner's current username (and their earlier ones): links follow it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
      ]),
  });
}
