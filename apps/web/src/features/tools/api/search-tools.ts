import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The workspace search (GET /search), narrowed to tools. */
export async function searchTools(
  workspaceId: string,
  q: string,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  const results = await apiRequest(`/search${queryString({ workspace_id: workspaceId, q, limit: 50 })}`, {
    schema: searchResultListSchema,
    signal,
  });
  return results.filter((result) => result.kind === 'tool');
}

export const searchToolsQueryOptions = (workspaceId: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.tools.search(workspaceId, q),
    // Reading the signal lets TanStack Query abort the search that newer text superseded.
    queryFn: ({ signal }) => searchTools(workspaceId, q, signal),
  });

export function useSearchTools(workspaceId: string, q: string) {
  return useQuery({ ...searchToolsQueryOptions(workspaceId, q), enabled: q.trim().length > 0 });
}
