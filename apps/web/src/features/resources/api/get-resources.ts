import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Resource } from '@stackyard/contracts/resource';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ResourceListFilters = { sort: ItemSort; tag: string | null };

export function getResources(
  workspaceId: string,
  filters: ResourceListFilters,
  cursor: string | null,
  limit = 24,
) {
  return apiPage<Resource>(
    `/resources/workspace/${encodeURIComponent(workspaceId)}${queryString({ sort: filters.sort, tag: filters.tag, cursor, limit })}`,
  );
}

export const resourcesQueryOptions = (workspaceId: string, filters: ResourceListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.resources.list(workspaceId, filters),
    queryFn: ({ pageParam }) => getResources(workspaceId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useResources(workspaceId: string, filters: ResourceListFilters) {
  return useInfiniteQuery(resourcesQueryOptions(workspaceId, filters));
}

// The dashboard's newest few, under the list's key: whatever refreshes the workspace's resources refreshes them too.
export const recentResourcesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.resources.recent(workspaceId),
    queryFn: async () =>
      (await getResources(workspaceId, { sort: 'recent', tag: null }, null, RECENT_LIMIT)).items,
    staleTime: 0,
  });

export function useRecentResources(workspaceId: string) {
  return useQuery(recentResourcesQueryOptions(workspaceId));
}
