import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdAccessTokenSchema,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '@stackyard/contracts/access-token';
import { apiRequest } from '@/lib/api-client';
import { accessTokensQueryKey } from './get-access-tokens';

export function createAccessToken(input: CreateAccessToken): Promise<CreatedAccessToken> {
  return apiRequest('/tokens', { method: 'POST', body: input, schema: createdAccessTokenSchema });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
