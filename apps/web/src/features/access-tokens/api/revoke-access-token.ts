import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accessTokensQueryKey } from './get-access-tokens';

export function revokeAccessToken(id: string): Promise<undefined> {
  return apiRequest(`/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
