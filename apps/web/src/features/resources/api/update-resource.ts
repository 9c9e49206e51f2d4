import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceSchema, type Resource, type UpdateResource } from '@stackyard/contracts/resource';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Corrections of a resource's title, description or link: only the fields given change. */
export function updateResource(resourceId: string, changes: UpdateResource): Promise<Resource> {
  return apiRequest(`/resources/${encodeURIComponent(resourceId)}`, {
    method: 'PATCH',
    body: changes,
    schema: resourceSchema,
  });
}

export function useUpdateResource(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, changes }: { resourceId: string; changes: UpdateResource }) =>
      updateResource(resourceId, changes),
    onSuccess: (resource) => {
      queryClient.setQueryData(queryKeys.resources.byId(resource.workspace_resource_id), resource);
      return queryClient.invalidateQueries({ queryKey: queryKeys.resources.workspace(workspaceId) });
    },
  });
}
