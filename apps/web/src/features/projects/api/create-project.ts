import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type CreateProject, type Project } from '@stackyard/contracts/project';
import { apiRequest } from '@/lib/api-client';
import { projectsQueryKey } from './get-projects';

export function createProject(input: CreateProject): Promise<Project> {
  return apiRequest('/projects', { method: 'POST', body: input, schema: projectSchema });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) =>
      queryClient.invalidateQueries({ queryKey: projectsQueryKey(project.workspace_id) }),
  });
}
