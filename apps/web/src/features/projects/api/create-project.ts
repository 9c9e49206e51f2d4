import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type CreateProject, type Project } from '@stackyard/contracts/project';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createProject(input: CreateProject): Promise<Project> {
  return apiRequest('/projects', { method: 'POST', body: input, schema: projectSchema });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.projects.workspace(project.workspace_id) }),
  });
}
