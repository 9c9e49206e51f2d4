import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  workspaceListItemSchema,
  type UpdateWorkspace,
  type WorkspaceListItem,
} from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateWorkspace(id: string, input: UpdateWorkspace): Promise<WorkspaceListItem> {
  return apiRequest(`/workspaces/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    schema: workspaceListItemSchema,
  });
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWorkspace }) => updateWorkspace(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
