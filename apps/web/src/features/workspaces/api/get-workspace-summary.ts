import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceSummary } from '@stackyard/contracts/workspace';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkspaceSummary(workspaceId: string): Promise<WorkspaceSummary> {
  return apiJson<WorkspaceSummary>(`/workspaces/${encodeURIComponent(workspaceId)}/summary`);
}

export const workspaceSummaryQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.summary(workspaceId),
    queryFn: () => getWorkspaceSummary(workspaceId),
    // The counts move whenever anyone adds to the workspace; the dashboard shows them as of now.
    staleTime: 0,
  });

export function useWorkspaceSummary(workspaceId: string) {
  return useQuery(workspaceSummaryQueryOptions(workspaceId));
}
