import { queryOptions, useQuery } from '@tanstack/react-query';
import { oauthGrantListSchema, type OAuthGrant } from '@stackyard/contracts/oauth';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getGrants(): Promise<OAuthGrant[]> {
  return apiRequest('/oauth/grants', { schema: oauthGrantListSchema });
}

export function useGrants() {
  return useQuery(queryOptions({ queryKey: queryKeys.oauth.grants, queryFn: getGrants }));
}
