import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteTool(toolId: string): Promise<undefined> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}`, { method: 'DELETE' });
}

export function useDeleteTool(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    // Stale, but not refetched now: refetching the open detail page would swap it for 'not found'
    // (unmounting the dialog whose onSuccess navigates away); the lists refetch when shown.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.tools.workspace(workspaceId),
        refetchType: 'none',
      }),
  });
}
