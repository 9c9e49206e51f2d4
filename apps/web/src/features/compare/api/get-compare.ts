import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPARE_MIN, compareResponseSchema, type CompareResponse } from '@stackyard/contracts/compare';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /workspaces/{id}/compare?tools=a,b,c: 2 to 6 tools of the workspace, side by side. */
export function getCompare(workspaceId: string, slugs: readonly string[]): Promise<CompareResponse> {
  return apiRequest(
    `/workspaces/${encodeURIComponent(workspaceId)}/compare?tools=${slugs.map(encodeURIComponent).join(',')}`,
    { schema: compareResponseSchema },
  );
}

export const compareQueryOptions = (workspaceId: string, slugs: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.compare.tools(workspaceId, slugs),
    queryFn: () => getCompare(workspaceId, slugs),
    // An added or removed tool keeps the table on screen until the new comparison arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useCompare(workspaceId: string, slugs: readonly string[]) {
  return useQuery({ ...compareQueryOptions(workspaceId, slugs), enabled: slugs.length >= COMPARE_MIN });
}
