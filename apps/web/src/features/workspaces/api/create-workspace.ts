import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  workspaceListItemSchema,
  type CreateWorkspace,
  type WorkspaceListItem,
} from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createWorkspace(input: CreateWorkspace): Promise<WorkspaceListItem> {
  return apiRequest('/workspaces', { method: 'POST', body: input, schema: workspaceListItemSchema });
}

/** `onCreated` runs before the list updates, so whatever the new list triggers already sees its effect. */
export function useCreateWorkspace({
  onCreated,
}: { onCreated?: (workspace: WorkspaceListItem) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (workspace) => {
      onCreated?.(workspace);
      queryClient.setQueryData<WorkspaceListItem[]>(queryKeys.workspaces.all, (list) =>
        list ? [...list.filter((item) => item.id !== workspace.id), workspace] : [workspace],
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
