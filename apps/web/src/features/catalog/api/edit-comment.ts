import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema, type Comment } from '@stackyard/contracts/comment';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CatalogItem } from '../lib/item';

export function editComment(commentId: string, content: string): Promise<Comment> {
  return apiRequest(`/comments/${encodeURIComponent(commentId)}`, {
    method: 'PUT',
    body: { content },
    schema: commentSchema,
  });
}

export function useEditComment(item: CatalogItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      editComment(commentId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments(item) }),
  });
}
