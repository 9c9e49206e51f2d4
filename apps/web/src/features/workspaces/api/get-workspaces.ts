import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceListSchema, type WorkspaceListItem } from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';

export function getWorkspaces(): Promise<WorkspaceListItem[]> {
  return apiRequest('/workspaces', { schema: workspaceListSchema });
}

export const workspacesQueryKey = ['workspaces'] as const;

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: workspacesQueryKey, queryFn: getWorkspaces });

export function useWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
