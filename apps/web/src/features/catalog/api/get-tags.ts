import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Tag } from '@stackyard/contracts/tag';
import { apiPage, queryString, type ApiPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The largest page GET /tags answers: a workspace of a few dozen tags comes in one request.
const PAGE_MAX = 100;
const SEARCH_PAGE = 50;

/** One page of the workspace's tags by name; with `q`, only those whose name contains it. */
export function getTagsPage(
  workspaceId: string,
  page: { q: string; cursor: string | null; limit: number },
  signal?: AbortSignal,
): Promise<ApiPage<Tag>> {
  return apiPage<Tag>(
    `/tags${queryString({ workspace_id: workspaceId, q: page.q, cursor: page.cursor, limit: page.limit })}`,
    signal,
  );
}

/** Every tag of the workspace, page after page: for the list filters that offer them all at once. */
export async function getTags(workspaceId: string, signal?: AbortSignal): Promise<Tag[]> {
  const tags: Tag[] = [];
  let cursor: string | null = null;
  do {
    const page = await getTagsPage(workspaceId, { q: '', cursor, limit: PAGE_MAX }, signal);
    tags.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return tags;
}

export const tagsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.tags.workspace(workspaceId),
    queryFn: ({ signal }) => getTags(workspaceId, signal),
  });

export function useTags(workspaceId: string) {
  return useQuery(tagsQueryOptions(workspaceId));
}

export const tagSearchQueryOptions = (workspaceId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tags.search(workspaceId, q),
    // Reading the signal lets TanStack Query abort the search that newer text superseded.
    queryFn: ({ pageParam, signal }) =>
      getTagsPage(workspaceId, { q, cursor: pageParam, limit: SEARCH_PAGE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The tags whose name contains `q` (all of them when it is empty), by name, a page at a time. */
export function useTagSearch(workspaceId: string, q: string) {
  // The last answer stays on screen while the next text's loads.
  return useInfiniteQuery({ ...tagSearchQueryOptions(workspaceId, q), placeholderData: keepPreviousData });
}
