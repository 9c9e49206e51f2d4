import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { suggestionListSchema, type SuggestionList } from '@stackyard/contracts/suggestion';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const suggestionsPath = (workspaceId: string) =>
  `/workspaces/${encodeURIComponent(workspaceId)}/suggestions`;

export function getSuggestions(
  workspaceId: string,
  focus: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SuggestionList> {
  return apiRequest(`${suggestionsPath(workspaceId)}${queryString({ focus, cursor })}`, {
    schema: suggestionListSchema,
    signal,
  });
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
