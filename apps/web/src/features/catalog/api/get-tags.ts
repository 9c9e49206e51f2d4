import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagListSchema, type Tag } from '@stackyard/contracts/tag';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTags(workspaceId: string): Promise<Tag[]> {
  return apiRequest(`/tags${queryString({ workspace_id: workspaceId })}`, { schema: tagListSchema });
}

export const tagsQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: queryKeys.tags.workspace(workspaceId), queryFn: () => getTags(workspaceId) });

export function useTags(workspaceId: string) {
  return useQuery(tagsQueryOptions(workspaceId));
}
