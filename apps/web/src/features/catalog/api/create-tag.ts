import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagSchema, type CreateTag, type Tag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createTag(input: CreateTag): Promise<Tag> {
  return apiRequest('/tags', { method: 'POST', body: input, schema: tagSchema });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.workspace(tag.workspace_id) }),
  });
}
