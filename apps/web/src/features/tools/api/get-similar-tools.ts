import { queryOptions, useQuery } from '@tanstack/react-query';
import { similarToolsSchema, type SimilarTools } from '@stackyard/contracts/similar-tools';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSimilarTools(toolId: string): Promise<SimilarTools> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}/similar`, { schema: similarToolsSchema });
}

export const similarToolsQueryOptions = (workspaceId: string, toolId: string) =>
  queryOptions({
    queryKey: queryKeys.tools.similar(workspaceId, toolId),
    queryFn: () => getSimilarTools(toolId),
  });

/** The workspace's tools sharing tags or repository topics with one tool, for "Compare with…". */
export function useSimilarTools(workspaceId: string, toolId: string) {
  return useQuery(similarToolsQueryOptions(workspaceId, toolId));
}
