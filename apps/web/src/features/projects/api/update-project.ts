import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project, type UpdateProject } from '@stackyard/contracts/project';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { projectBySlugQueryOptions } from './get-project-by-slug';

export function updateProject(projectId: string, input: UpdateProject): Promise<Project> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}`, {
    method: 'PUT',
    body: input,
    schema: projectSchema,
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProject) => updateProject(projectId, input),
    onSuccess: (project) => {
      // The page under the (possibly new) slug shows the answer at once. The rest is only marked stale:
      // refetched now, the open page under an old slug would turn into 'Project not found' before leaving.
      queryClient.setQueryData(
        projectBySlugQueryOptions(project.workspace_id, project.slug).queryKey,
        project,
      );
      void queryClient.invalidateQueries({
        queryKey: queryKeys.projects.workspace(project.workspace_id),
        refetchType: 'none',
      });
    },
  });
}
