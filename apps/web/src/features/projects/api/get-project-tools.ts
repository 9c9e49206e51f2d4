import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolListSchema, type Tool } from '@stackyard/contracts/tool';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getProjectTools(projectId: string): Promise<Tool[]> {
  return apiRequest(`/projects/${encodeURIComponent(projectId)}/tools`, { schema: toolListSchema });
}

export const projectToolsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projects.tools(projectId),
    queryFn: () => getProjectTools(projectId),
  });

export function useProjectTools(projectId: string) {
  return useQuery(projectToolsQueryOptions(projectId));
}
