import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceListSchema, type Resource } from '@stackyard/contracts/resource';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRecentResources(workspaceId: string): Promise<Resource[]> {
  return apiRequest(
    `/resources/workspace/${encodeURIComponent(workspaceId)}${queryString({ sort: 'recent', limit: RECENT_LIMIT })}`,
    { schema: resourceListSchema },
  );
}

// Under the resources list's key, so whatever refreshes the workspace's resources refreshes these too.
export const recentResourcesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.resources.recent(workspaceId),
    queryFn: () => getRecentResources(workspaceId),
    staleTime: 0,
  });

export function useRecentResources(workspaceId: string) {
  return useQuery(recentResourcesQueryOptions(workspaceId));
}
