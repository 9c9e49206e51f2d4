import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tagSuggestionSettingsSchema,
  type TagSuggestionSettings,
  type UpdateTagSuggestionSettings,
} from '@stackyard/contracts/tag-suggestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const settingsPath = (workspaceId: string) =>
  `/workspaces/${encodeURIComponent(workspaceId)}/tag-suggestion-settings`;

export function getTagSuggestionSettings(workspaceId: string): Promise<TagSuggestionSettings> {
  return apiRequest(settingsPath(workspaceId), { schema: tagSuggestionSettingsSchema });
}

export const tagSuggestionSettingsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.tagSuggestionSettings(workspaceId),
    queryFn: () => getTagSuggestionSettings(workspaceId),
  });

export function useTagSuggestionSettings(workspaceId: string) {
  return useQuery(tagSuggestionSettingsQueryOptions(workspaceId));
}

export function updateTagSuggestionSettings(
  workspaceId: string,
  input: UpdateTagSuggestionSettings,
): Promise<TagSuggestionSettings> {
  return apiRequest(settingsPath(workspaceId), {
    method: 'PUT',
    body: input,
    schema: tagSuggestionSettingsSchema,
  });
}

export function useUpdateTagSuggestionSettings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTagSuggestionSettings) => updateTagSuggestionSettings(workspaceId, input),
    onSuccess: (settings) =>
      queryClient.setQueryData(queryKeys.workspaces.tagSuggestionSettings(workspaceId), settings),
  });
}
