import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectSort } from '@stackyard/contracts/catalog';
import { projectListSchema } from '@stackyard/contracts/project';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ProjectListFilters = { sort: ProjectSort };

export function getProjects(workspaceId: string, filters: ProjectListFilters, cursor: string | null) {
  return apiPage(
    `/projects${queryString({ workspace_id: workspaceId, sort: filters.sort, cursor, limit: 24 })}`,
    projectListSchema,
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
