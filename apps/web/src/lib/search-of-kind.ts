import { searchResultListSchema, type SearchResult } from '@stackyard/contracts/search';
import { apiRequest, queryString } from '@/lib/api-client';

/** The workspace search (GET /search), narrowed to one kind: the tools and resources lists search with it. */
export async function searchOfKind(
  workspaceId: string,
  q: string,
  kind: SearchResult['kind'],
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  const results = await apiRequest(`/search${queryString({ workspace_id: workspaceId, q, limit: 50 })}`, {
    schema: searchResultListSchema,
    signal,
  });
  return results.filter((result) => result.kind === kind);
}
