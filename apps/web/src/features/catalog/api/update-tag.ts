import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagSchema, type Tag, type UpdateTag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateTag(tagId: string, input: UpdateTag): Promise<Tag> {
  return apiRequest(`/tags/${encodeURIComponent(tagId)}`, { method: 'PUT', body: input, schema: tagSchema });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, input }: { tagId: string; input: UpdateTag }) => updateTag(tagId, input),
    // A tag's name and colour show wherever it is on an item.
    onSuccess: (tag) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.workspace(tag.workspace_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.allItems }),
      ]),
  });
}
