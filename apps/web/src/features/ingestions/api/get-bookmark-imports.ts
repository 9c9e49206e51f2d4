import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookmarkImportListSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { apiRequest } from '@/lib/api-client';
import { POLL_INTERVAL_MS } from '../lib/status';

export const bookmarkImportsQueryKey = (workspaceId: string) => ['bookmark-imports', workspaceId] as const;

/** GET /ingestion/bookmarks/workspace/{id}: the workspace's imports, newest first. */
export function getBookmarkImports(workspaceId: string): Promise<BookmarkImport[]> {
  return apiRequest(`/ingestion/bookmarks/workspace/${encodeURIComponent(workspaceId)}`, {
    schema: bookmarkImportListSchema,
  });
}

export const bookmarkImportsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: bookmarkImportsQueryKey(workspaceId),
    queryFn: () => getBookmarkImports(workspaceId),
    // An import still running reports its progress: follow it until it ends.
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'running') ? POLL_INTERVAL_MS : false,
    staleTime: 0,
  });

export function useBookmarkImports(workspaceId: string) {
  return useQuery(bookmarkImportsQueryOptions(workspaceId));
}
