import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function searchWorkspace(
  workspaceId: string,
  q: string,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  return apiRequest(`/search${queryString({ workspace_id: workspaceId, q, limit: 12 })}`, {
    schema: searchResultListSchema,
    signal,
  });
}

export const workspaceSearchQueryOptions = (workspaceId: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.search(workspaceId, q),
    // Reading the signal is what lets TanStack Query abort the request once newer text replaces it.
    queryFn: ({ signal }) => searchWorkspace(workspaceId, q, signal),
    staleTime: 30_000,
  });

/** Full-text search of the workspace; idle for empty text. */
export function useWorkspaceSearch(workspaceId: string | null, q: string) {
  return useQuery({
    ...workspaceSearchQueryOptions(workspaceId ?? '', q),
    enabled: workspaceId !== null && q.length > 0,
    placeholderData: keepPreviousData,
  });
}
