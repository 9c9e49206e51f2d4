import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Null when the workspace has no tool with this slug (the page then says 'Tool not found'). */
export async function getToolBySlug(workspaceId: string, slug: string): Promise<Tool | null> {
  try {
    return await apiRequest(
      `/tools/workspace/${encodeURIComponent(workspaceId)}/slug/${encodeURIComponent(slug)}`,
      { schema: toolSchema },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const toolBySlugQueryOptions = (workspaceId: string, slug: string) =>
  queryOptions({
    queryKey: queryKeys.tools.bySlug(workspaceId, slug),
    queryFn: () => getToolBySlug(workspaceId, slug),
  });

export function useToolBySlug(workspaceId: string, slug: string) {
  return useQuery(toolBySlugQueryOptions(workspaceId, slug));
}
