import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessTokenListSchema, type AccessToken } from '@stackyard/contracts/access-token';
import { apiRequest } from '@/lib/api-client';

export const accessTokensQueryKey = ['access-tokens'] as const;

export function getAccessTokens(): Promise<AccessToken[]> {
  return apiRequest('/tokens', { schema: accessTokenListSchema });
}

export function useAccessTokens() {
  return useQuery(queryOptions({ queryKey: accessTokensQueryKey, queryFn: getAccessTokens }));
}
