import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProjectSort } from '@stackyard/contracts/catalog';
import type { Project } from '@stackyard/contracts/project';
import { RECENT_LIMIT } from '@/config/dashboard';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ProjectListFilters = { sort: ProjectSort };

export function getProjects(
  workspaceId: string,
  filters: ProjectListFilters,
  cursor: string | null,
  limit = 24,
) {
  return apiPage<Project>(
    `/projects${queryString({ workspace_id: workspaceId, sort: filters.sort, cursor, limit })}`,
  );
}

export const projectsQueryOptions = (workspaceId: string, filters: ProjectListFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.projects.list(workspaceId, filters),
    queryFn: ({ pageParam }) => getProjects(workspaceId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useProjects(workspaceId: string, filters: ProjectListFilters) {
  return useInfiniteQuery(projectsQueryOptions(workspaceId, filters));
}

// The dashboard's newest few, under the list's key: whatever refreshes the workspace's projects refreshes them too.
export const recentProjectsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.projects.recent(workspaceId),
    queryFn: async () => (await getProjects(workspaceId, { sort: 'recent' }, null, RECENT_LIMIT)).items,
    staleTime: 0,
  });

export function useRecentProjects(workspaceId: string) {
  return useQuery(recentProjectsQueryOptions(workspaceId));
}
