import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteResource(resourceId: string): Promise<undefined> {
  return apiRequest(`/resources/${encodeURIComponent(resourceId)}`, { method: 'DELETE' });
}

export function useDeleteResource(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    // Stale, but not refetched now: refetching the open detail page would swap it for 'not found'
    // (unmounting the dialog whose onSuccess navigates away); the lists refetch when shown.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.resources.workspace(workspaceId),
        refetchType: 'none',
      }),
  });
}
