import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemSort } from '@stackyard/contracts/catalog';
import { toolListSchema } from '@stackyard/contracts/tool';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ToolListFilters = { sort: ItemSort; tag: string | null };

export function getTools(workspaceId: string, filters: ToolListFilters, cursor: string | null) {
  return apiPage(
    `/tools${queryString({ workspace_id: workspaceId, sort: filters.sort, tag: filters.tag, cursor, limit: 24 })}`,
    toolListSchema,
  );
}

export const toolsQueryOptions = (workspaceId: string, filters: ToolListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.list(workspaceId, filters),
    queryFn: ({ pageParam }) => getTools(workspaceId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useTools(workspaceId: string, filters: ToolListFilters) {
  return useInfiniteQuery(toolsQueryOptions(workspaceId, filters));
}
