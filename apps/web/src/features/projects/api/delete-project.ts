import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteProject(projectId: string): Promise<undefined> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

export function useDeleteProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // Not refetched now: the open detail page would turn into 'Project not found' before leaving.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.projects.workspace(workspaceId),
        refetchType: 'none',
      }),
  });
}
