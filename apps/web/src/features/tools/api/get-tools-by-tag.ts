import { useQueries } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getTools } from './get-tools';

const PER_TAG = 24;

/** The best-rated tools carrying each of the given tags, one query per tag. */
export function useToolsByTags(workspaceId: string, tagIds: readonly string[]) {
  return useQueries({
    queries: tagIds.map((tagId) => ({
      queryKey: queryKeys.tools.byTag(workspaceId, tagId),
      queryFn: async () =>
        (await getTools(workspaceId, { sort: 'rating', tag: tagId, stance: null }, null, PER_TAG)).items,
    })),
  });
}
