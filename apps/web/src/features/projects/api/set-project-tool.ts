import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT links a workspace tool to the project, DELETE unlinks it. */
export function setProjectTool(projectId: string, toolId: string, linked: boolean): Promise<undefined> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}/tools/${encodeURIComponent(toolId)}`, {
    method: linked ? 'PUT' : 'DELETE',
  });
}

export function useSetProjectTool(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ toolId, linked }: { toolId: string; linked: boolean }) =>
      setProjectTool(projectId, toolId, linked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.tools(projectId) }),
  });
}
