import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagSchema, type CreateTag, type Tag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The colour a tag made from a name alone gets (the picker's new tag, an accepted suggestion). */
export const DEFAULT_TAG_COLOR = '#6366f1';

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
