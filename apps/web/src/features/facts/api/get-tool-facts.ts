import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolFactsSchema, type ToolFacts } from '@stackyard/contracts/facts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** While a refresh is queued, the facts are asked again this often until it has run. */
const QUEUED_POLL_MS = 3000;

export function getToolFacts(toolId: string): Promise<ToolFacts> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}/facts`, { schema: toolFactsSchema });
}

export const toolFactsQueryOptions = (toolId: string) =>
  queryOptions({
    queryKey: queryKeys.facts(toolId),
    queryFn: () => getToolFacts(toolId),
    refetchInterval: (query) => (query.state.data?.refresh_queued ? QUEUED_POLL_MS : false),
  });

export function useToolFacts(toolId: string) {
  return useQuery(toolFactsQueryOptions(toolId));
}
