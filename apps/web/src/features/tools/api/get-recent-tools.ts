import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolListSchema, type Tool } from '@stackyard/contracts/tool';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRecentTools(workspaceId: string): Promise<Tool[]> {
  return apiRequest(
    `/tools${queryString({ workspace_id: workspaceId, sort: 'recent', limit: RECENT_LIMIT })}`,
    { schema: toolListSchema },
  );
}

// Under the tools list's key, so whatever refreshes the workspace's tools refreshes these too.
export const recentToolsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.tools.recent(workspaceId),
    queryFn: () => getRecentTools(workspaceId),
    staleTime: 0,
  });

export function useRecentTools(workspaceId: string) {
  return useQuery(recentToolsQueryOptions(workspaceId));
}
