import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@stackyard/contracts/project';
import { acceptedSuggestionSchema } from '@stackyard/contracts/suggestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dropSuggestion } from './dismiss-suggestion';
import { suggestionsPath } from './get-suggestions';

export async function acceptSuggestion(workspaceId: string, suggestionId: string): Promise<Project> {
  const answer = await apiRequest(
    `${suggestionsPath(workspaceId)}/${encodeURIComponent(suggestionId)}/accept`,
    // The route validates its body as an object, so send an empty one rather than none.
    { method: 'POST', body: {}, schema: acceptedSuggestionSchema },
  );
  return answer.project;
}

/** Starts the project of a suggestion: the API creates it with its tools and milestones and answers it. */
export function useAcceptSuggestion(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) => acceptSuggestion(workspaceId, suggestionId),
    onSuccess: async (_project, suggestionId) => {
      // The started idea leaves the cached ideas, which are only marked stale: the page is left for the new
      // project at once, and asking again (perhaps a language model) waits until the ideas are shown again.
      dropSuggestion(queryClient, workspaceId, suggestionId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projects.workspace(workspaceId) }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.suggestions.workspace(workspaceId),
          refetchType: 'none',
        }),
      ]);
    },
  });
}
