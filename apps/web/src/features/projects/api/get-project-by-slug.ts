import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@stackyard/contracts/project';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Null when the workspace has no project with this slug (the page then says 'Project not found'). */
export async function getProjectBySlug(workspaceId: string, slug: string): Promise<Project | null> {
  try {
    return await apiRequest(
      `/projects/workspace/${encodeURIComponent(workspaceId)}/slug/${encodeURIComponent(slug)}`,
      { schema: projectSchema },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const projectBySlugQueryOptions = (workspaceId: string, slug: string) =>
  queryOptions({
    queryKey: queryKeys.projects.bySlug(workspaceId, slug),
    queryFn: () => getProjectBySlug(workspaceId, slug),
  });

export function useProjectBySlug(workspaceId: string, slug: string) {
  return useQuery(projectBySlugQueryOptions(workspaceId, slug));
}
