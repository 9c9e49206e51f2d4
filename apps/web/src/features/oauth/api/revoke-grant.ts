import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function revokeGrant(id: string): Promise<undefined> {
  return apiRequest(`/oauth/grants/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGrant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.oauth.grants }),
  });
}
