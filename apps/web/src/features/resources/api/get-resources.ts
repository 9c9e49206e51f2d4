import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemSort } from '@stackyard/contracts/catalog';
import { resourceListSchema } from '@stackyard/contracts/resource';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ResourceListFilters = { sort: ItemSort; tag: string | null };

export function getResources(workspaceId: string, filters: ResourceListFilters, cursor: string | null) {
  return apiPage(
    `/resources/workspace/${encodeURIComponent(workspaceId)}${queryString({ sort: filters.sort, tag: filters.tag, cursor, limit: 24 })}`,
    resourceListSchema,
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
