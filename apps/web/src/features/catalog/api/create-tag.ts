import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagSchema, type CreateTag, type Tag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { tagsQueryKey } from './get-tags';

export function createTag(input: CreateTag): Promise<Tag> {
  return apiRequest('/tags', { method: 'POST', body: input, schema: tagSchema });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => queryClient.invalidateQueries({ queryKey: tagsQueryKey(tag.workspace_id) }),
  });
}
