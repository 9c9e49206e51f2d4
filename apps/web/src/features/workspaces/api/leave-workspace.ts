import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { queryKeys } from '@/lib/query-keys';
import { removeMember } from './members';

/** The caller leaves a workspace: DELETE /workspaces/{id}/members/{their own id}. */
export function useLeaveWorkspace(currentUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) => removeMember(workspaceId, currentUserId),
    onSuccess: (_, workspaceId) => {
      queryClient.setQueryData<WorkspaceListItem[]>(queryKeys.workspaces.all, (list) =>
        list?.filter((workspace) => workspace.id !== workspaceId),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
