import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteTag(tagId: string): Promise<undefined> {
  return apiRequest(`/tags/${encodeURIComponent(tagId)}`, { method: 'DELETE' });
}

export function useDeleteTag(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    // The tag comes off every item, and lists filtered by it change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.workspace(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.allItems }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.workspace(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.resources.workspace(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects.workspace(workspaceId) }),
      ]),
  });
}
