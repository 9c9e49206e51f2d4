import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceSchema, type Resource } from '@stackyard/contracts/resource';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateResourceRating(resourceId: string, rating: number | null): Promise<Resource> {
  return apiRequest(`/resources/${encodeURIComponent(resourceId)}`, {
    method: 'PUT',
    body: { context: { rating } },
    schema: resourceSchema,
  });
}

export function useUpdateResourceRating(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // One rating at a time, in order: the arrow keys can send several in a row, and the last must win.
    scope: { id: 'rating' },
    mutationFn: ({ resourceId, rating }: { resourceId: string; rating: number | null }) =>
      updateResourceRating(resourceId, rating),
    onSuccess: (resource) => {
      queryClient.setQueryData(queryKeys.resources.byId(resource.workspace_resource_id), resource);
      return queryClient.invalidateQueries({ queryKey: queryKeys.resources.workspace(workspaceId) });
    },
  });
}
