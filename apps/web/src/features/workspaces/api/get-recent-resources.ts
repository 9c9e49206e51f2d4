import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceListSchema, type Resource } from '@stackyard/contracts/resource';
import { apiRequest, queryString } from '@/lib/api-client';
import { RECENT_LIMIT } from './get-recent-tools';

export function getRecentResources(workspaceId: string): Promise<Resource[]> {
  return apiRequest(
    `/resources/workspace/${encodeURIComponent(workspaceId)}${queryString({ sort: 'recent', limit: RECENT_LIMIT })}`,
    { schema: resourceListSchema },
  );
}

export const recentResourcesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['resources', workspaceId, 'recent'] as const,
    queryFn: () => getRecentResources(workspaceId),
    staleTime: 0,
  });

export function useRecentResources(workspaceId: string) {
  return useQuery(recentResourcesQueryOptions(workspaceId));
}
