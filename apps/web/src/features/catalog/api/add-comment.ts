import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema, type Comment } from '@stackyard/contracts/comment';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { itemPath, type CatalogItem } from '../lib/item';

export function addComment(item: CatalogItem, content: string): Promise<Comment> {
  return apiRequest(`${itemPath(item)}/comments`, {
    method: 'POST',
    body: { content },
    schema: commentSchema,
  });
}

export function useAddComment(item: CatalogItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(item, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments(item) }),
  });
}
