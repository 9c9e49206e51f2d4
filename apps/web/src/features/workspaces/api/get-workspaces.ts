import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceListSchema, type WorkspaceListItem } from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkspaces(): Promise<WorkspaceListItem[]> {
  return apiRequest('/workspaces', { schema: workspaceListSchema });
}

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces.all, queryFn: getWorkspaces });

export function useWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
