import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteWorkspace(id: string): Promise<undefined> {
  return apiRequest(`/workspaces/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: (_, id) => {
      queryClient.setQueryData<WorkspaceListItem[]>(queryKeys.workspaces.all, (list) =>
        list?.filter((workspace) => workspace.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
