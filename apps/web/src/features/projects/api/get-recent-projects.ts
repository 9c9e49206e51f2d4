import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectListSchema, type Project } from '@stackyard/contracts/project';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRecentProjects(workspaceId: string): Promise<Project[]> {
  return apiRequest(
    `/projects${queryString({ workspace_id: workspaceId, sort: 'recent', limit: RECENT_LIMIT })}`,
    { schema: projectListSchema },
  );
}

// Under the projects list's key, so whatever refreshes the workspace's projects refreshes these too.
export const recentProjectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.projects.recent(workspaceId),
    queryFn: () => getRecentProjects(workspaceId),
    staleTime: 0,
  });

export function useRecentProjects(workspaceId: string) {
  return useQuery(recentProjectsQueryOptions(workspaceId));
}
