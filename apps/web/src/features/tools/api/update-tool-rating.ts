import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateToolRating(toolId: string, rating: number | null): Promise<Tool> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}`, {
    method: 'PUT',
    body: { context: { rating } },
    schema: toolSchema,
  });
}

export function useUpdateToolRating(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // One rating at a time, in order: the arrow keys can send several in a row, and the last must win.
    scope: { id: 'rating' },
    mutationFn: ({ toolId, rating }: { toolId: string; rating: number | null }) =>
      updateToolRating(toolId, rating),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.workspace(workspaceId) }),
  });
}
