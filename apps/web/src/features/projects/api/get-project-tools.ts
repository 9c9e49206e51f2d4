import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolListSchema, type Tool } from '@stackyard/contracts/tool';
import { apiRequest } from '@/lib/api-client';

export function getProjectTools(projectId: string): Promise<Tool[]> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}/tools`, { schema: toolListSchema });
}

export const projectToolsQueryKey = (projectId: string) => ['project-tools', projectId] as const;

export const projectToolsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectToolsQueryKey(projectId),
    queryFn: () => getProjectTools(projectId),
  });

export function useProjectTools(projectId: string) {
  return useQuery(projectToolsQueryOptions(projectId));
}
