import { queryOptions, useQuery } from '@tanstack/react-query';
import { oauthAuthorizationSchema, type OAuthAuthorization } from '@stackyard/contracts/oauth';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getAuthorization(id: string): Promise<OAuthAuthorization> {
  return apiRequest(`/oauth/authorizations/${encodeURIComponent(id)}`, { schema: oauthAuthorizationSchema });
}

export function useAuthorization(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.oauth.authorization(id),
      queryFn: () => getAuthorization(id),
      retry: false,
    }),
  );
}
