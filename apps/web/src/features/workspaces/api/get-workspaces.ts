import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkspaces(): Promise<WorkspaceListItem[]> {
  return apiJson<WorkspaceListItem[]>('/workspaces');
}

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces.all, queryFn: getWorkspaces });

export function useWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
