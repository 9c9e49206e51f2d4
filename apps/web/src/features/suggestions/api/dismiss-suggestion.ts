import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { SuggestionList } from '@stackyard/contracts/suggestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { suggestionsPath } from './get-suggestions';

export function dismissSuggestion(workspaceId: string, suggestionId: string, reason: string): Promise<void> {
  const trimmed = reason.trim();
  return apiRequest(`${suggestionsPath(workspaceId)}/${encodeURIComponent(suggestionId)}/dismiss`, {
    method: 'POST',
    body: trimmed ? { reason: trimmed } : {},
  });
}

/** "Not for us": the API stores the dismissal; the card leaves every cached page at once, without a refetch. */
export function useDismissSuggestion(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      dismissSuggestion(workspaceId, id, reason),
    onSuccess: (_answer, { id }) => dropSuggestion(queryClient, workspaceId, id),
  });
}

/** A suggestion decided on (dismissed or started) leaves every cached page of ideas at once. */
export function dropSuggestion(queryClient: QueryClient, workspaceId: string, id: string): void {
  queryClient.setQueriesData<InfiniteData<SuggestionList>>(
    { queryKey: queryKeys.suggestions.workspace(workspaceId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })),
      },
  );
}
