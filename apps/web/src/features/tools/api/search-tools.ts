import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { searchOfKind } from '@/lib/search-of-kind';

export const searchToolsQueryOptions = (workspaceId: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.tools.search(workspaceId, q),
    // Reading the signal lets TanStack Query abort the search that newer text superseded.
    queryFn: ({ signal }) => searchOfKind(workspaceId, q, 'tool', signal),
  });

export function useSearchTools(workspaceId: string, q: string) {
  return useQuery({ ...searchToolsQueryOptions(workspaceId, q), enabled: q.trim().length > 0 });
}
