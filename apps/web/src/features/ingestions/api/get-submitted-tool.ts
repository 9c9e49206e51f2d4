import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * GET /tools/workspace/{toolId}: a completed submission names its tool by id, but the tool's page lives
 * at its slug. Null when the tool is gone (deleted since).
 */
export async function getSubmittedTool(toolId: string): Promise<Tool | null> {
  try {
    return await apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}`, { schema: toolSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const submittedToolQueryOptions = (toolId: string) =>
  queryOptions({
    queryKey: ['ingestion', 'tool', toolId] as const,
    queryFn: () => getSubmittedTool(toolId),
  });

export function useSubmittedTool(toolId: string) {
  return useQuery(submittedToolQueryOptions(toolId));
}
