import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tagsQueryKey } from './get-tags';

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
        queryClient.invalidateQueries({ queryKey: tagsQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: ['item-tags'] }),
        ...['tools', 'resources', 'projects'].map((kind) =>
          queryClient.invalidateQueries({ queryKey: [kind, workspaceId] }),
        ),
      ]),
  });
}
