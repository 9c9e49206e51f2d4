import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectListSchema, type Project } from '@stackyard/contracts/project';
import { apiRequest, queryString } from '@/lib/api-client';
import { RECENT_LIMIT } from './get-recent-tools';

export function getRecentProjects(workspaceId: string): Promise<Project[]> {
  return apiRequest(
    `/projects${queryString({ workspace_id: workspaceId, sort: 'recent', limit: RECENT_LIMIT })}`,
    { schema: projectListSchema },
  );
}

export const recentProjectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['projects', workspaceId, 'recent'] as const,
    queryFn: () => getRecentProjects(workspaceId),
    staleTime: 0,
  });

export function useRecentProjects(workspaceId: string) {
  return useQuery(recentProjectsQueryOptions(workspaceId));
}
