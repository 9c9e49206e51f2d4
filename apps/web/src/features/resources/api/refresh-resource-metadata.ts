import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metadataRefreshSchema, type MetadataRefresh } from '@stackyard/contracts/metadata-refresh';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The resource's page read again: what it says differently, field by field; nothing is applied but a new
 * readable copy, when one was extracted.
 */
export function refreshResourceMetadata(resourceId: string): Promise<MetadataRefresh> {
  return apiRequest(`/resources/${encodeURIComponent(resourceId)}/refresh`, {
    method: 'POST',
    schema: metadataRefreshSchema,
  });
}

export function useRefreshResourceMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshResourceMetadata,
    onSettled: (_data, _error, resourceId) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.resources.copy(resourceId) }),
  });
}
