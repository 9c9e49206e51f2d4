import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CatalogItem } from '../lib/item';

export function deleteComment(commentId: string): Promise<undefined> {
  return apiRequest(`/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
}

export function useDeleteComment(item: CatalogItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments(item) }),
  });
}
