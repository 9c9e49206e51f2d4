import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarkImportListSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { POLL_INTERVAL_MS } from '../lib/status';

/** GET /ingestion/bookmarks/workspace/{id}: the workspace's imports, newest first. */
export function getBookmarkImports(workspaceId: string): Promise<BookmarkImport[]> {
  return apiRequest(`/ingestion/bookmarks/workspace/${encodeURIComponent(workspaceId)}`, {
    schema: bookmarkImportListSchema,
  });
}

export const bookmarkImportsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.ingestion.bookmarkImports(workspaceId),
    queryFn: () => getBookmarkImports(workspaceId),
    // An import still running reports its progress: follow it until it ends.
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'running') ? POLL_INTERVAL_MS : false,
    staleTime: 0,
  });

export function useBookmarkImports(workspaceId: string) {
  return useQuery(bookmarkImportsQueryOptions(workspaceId));
}

/** The resources list is cached for minutes: once an import ends, it is marked stale to show the new ones. */
export function useRefreshResourcesWhenDone(workspaceId: string, entry: BookmarkImport | null) {
  const queryClient = useQueryClient();
  const finished = entry && entry.status !== 'running' ? entry.id : null;
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.workspace(workspaceId) });
  }, [finished, workspaceId, queryClient]);
}
