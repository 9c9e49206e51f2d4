import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema, type Comment } from '@stackyard/contracts/comment';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CatalogItem } from '../lib/item';

/** Marks a tool's comment for assistants (it then reaches the AI-assistant export), or clears the mark. */
export function markCommentForAssistants(commentId: string, marked: boolean): Promise<Comment> {
  return apiRequest(`/comments/${encodeURIComponent(commentId)}/for-assistants`, {
    method: marked ? 'PUT' : 'DELETE',
    schema: commentSchema,
  });
}

export function useMarkCommentForAssistants(item: CatalogItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, marked }: { commentId: string; marked: boolean }) =>
      markCommentForAssistants(commentId, marked),
    onSuccess: (comment) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.comments(item) }),
        // The stack and its export files show the marked comment.
        queryClient.invalidateQueries({ queryKey: queryKeys.stack.workspace(comment.workspace_id) }),
      ]),
  });
}
