import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SuggestionList } from '@stackyard/contracts/suggestion';
import { apiWithCursor, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const suggestionsPath = (workspaceId: string) =>
  `/workspaces/${encodeURIComponent(workspaceId)}/suggestions`;

/** A page of ideas, and the cursor that asks for more (null on the last page). */
export type SuggestionPage = SuggestionList & { nextCursor: string | null };

export async function getSuggestions(
  workspaceId: string,
  focus: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SuggestionPage> {
  const path = `${suggestionsPath(workspaceId)}${queryString({ focus, cursor })}`;
  const { body, nextCursor } = await apiWithCursor<SuggestionList>(path, signal);
  return { ...body, nextCursor };
}

/** Pages of ideas for one focus; "More ideas" fetches the next page with the previous page's cursor. */
export const suggestionsQueryOptions = (workspaceId: string, focus: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.suggestions.list(workspaceId, focus),
    queryFn: ({ pageParam, signal }) => getSuggestions(workspaceId, focus, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Each request may ask a language model: do not ask again just because the window got focus.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useSuggestions(workspaceId: string, focus: string) {
  return useInfiniteQuery(suggestionsQueryOptions(workspaceId, focus));
}
