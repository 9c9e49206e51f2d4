import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolFactsSchema, type ToolFacts } from '@stackyard/contracts/facts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Queues a refresh of the tool's facts; the answer is the current facts, marked queued. */
export function refreshToolFacts(toolId: string): Promise<ToolFacts> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}/facts/refresh`, {
    method: 'POST',
    schema: toolFactsSchema,
  });
}

export function useRefreshToolFacts(toolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshToolFacts(toolId),
    onSuccess: (facts) => {
      queryClient.setQueryData(queryKeys.facts(toolId), facts);
      // The comparisons show these facts too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.compare.all });
    },
  });
}
