import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { searchOfKind } from '@/lib/search-of-kind';

export const searchResourcesQueryOptions = (workspaceId: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.resources.search(workspaceId, q),
    // Reading the signal lets TanStack Query abort the search that newer text superseded.
    queryFn: ({ signal }) => searchOfKind(workspaceId, q, 'resource', signal),
  });

export function useSearchResources(workspaceId: string, q: string) {
  return useQuery({ ...searchResourcesQueryOptions(workspaceId, q), enabled: q.trim().length > 0 });
}
