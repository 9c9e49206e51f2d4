import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { Tool } from '@stackyard/contracts/tool';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ToolListFilters = { sort: ItemSort; tag: string | null; stance: ToolStance | null };

export function getTools(workspaceId: string, filters: ToolListFilters, cursor: string | null, limit = 24) {
  return apiPage<Tool>(
    `/tools${queryString({
      workspace_id: workspaceId,
      sort: filters.sort,
      tag: filters.tag,
      stance: filters.stance,
      cursor,
      limit,
    })}`,
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

// The dashboard's newest few, under the list's key: whatever refreshes the workspace's tools refreshes them too.
export const recentToolsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.tools.recent(workspaceId),
    queryFn: async () =>
      (await getTools(workspaceId, { sort: 'recent', tag: null, stance: null }, null, RECENT_LIMIT)).items,
    staleTime: 0,
  });

export function useRecentTools(workspaceId: string) {
  return useQuery(recentToolsQueryOptions(workspaceId));
}
