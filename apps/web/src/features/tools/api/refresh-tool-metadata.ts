import { useMutation } from '@tanstack/react-query';
import { metadataRefreshSchema, type MetadataRefresh } from '@stackyard/contracts/metadata-refresh';
import { apiRequest } from '@/lib/api-client';

/** The tool's page read again: what it says differently, field by field; nothing is applied. */
export function refreshToolMetadata(toolId: string): Promise<MetadataRefresh> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}/refresh`, {
    method: 'POST',
    schema: metadataRefreshSchema,
  });
}

export function useRefreshToolMetadata() {
  return useMutation({ mutationFn: refreshToolMetadata });
}
