import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagListSchema, type Tag } from '@stackyard/contracts/tag';
import { apiRequest, queryString } from '@/lib/api-client';

export const tagsQueryKey = (workspaceId: string) => ['tags', workspaceId] as const;

export function getTags(workspaceId: string): Promise<Tag[]> {
  return apiRequest(`/tags${queryString({ workspace_id: workspaceId })}`, { schema: tagListSchema });
}

export const tagsQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: tagsQueryKey(workspaceId), queryFn: () => getTags(workspaceId) });

export function useTags(workspaceId: string) {
  return useQuery(tagsQueryOptions(workspaceId));
}
