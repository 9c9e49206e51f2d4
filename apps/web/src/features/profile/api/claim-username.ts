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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
