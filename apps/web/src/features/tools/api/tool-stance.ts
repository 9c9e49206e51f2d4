import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  toolStanceListSchema,
  toolStanceRecordSchema,
  type SetToolStance,
  type SetToolStances,
  type ToolStanceRecord,
} from '@stackyard/contracts/stack';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const stancePath = (toolId: string) => `/tools/workspace/${encodeURIComponent(toolId)}/stance`;

export function getToolStance(toolId: string): Promise<ToolStanceRecord> {
  return apiRequest(stancePath(toolId), { schema: toolStanceRecordSchema });
}

export const toolStanceQueryOptions = (workspaceId: string, toolId: string) =>
  queryOptions({
    queryKey: queryKeys.tools.stance(workspaceId, toolId),
    queryFn: () => getToolStance(toolId),
  });

export function useToolStance(workspaceId: string, toolId: string) {
  return useQuery(toolStanceQueryOptions(workspaceId, toolId));
}

export function setToolStance(toolId: string, stance: SetToolStance): Promise<ToolStanceRecord> {
  return apiRequest(stancePath(toolId), { method: 'PUT', body: stance, schema: toolStanceRecordSchema });
}

export function useSetToolStance(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ toolId, stance }: { toolId: string; stance: SetToolStance }) =>
      setToolStance(toolId, stance),
    onSuccess: () => invalidateStances(queryClient, workspaceId),
  });
}

/** One stance for many tools of the workspace (the tools list's bulk action). */
export function setToolStances(workspaceId: string, body: SetToolStances): Promise<ToolStanceRecord[]> {
  return apiRequest(`/workspaces/${encodeURIComponent(workspaceId)}/stack/stances`, {
    method: 'PUT',
    body,
    schema: toolStanceListSchema,
  });
}

export function useSetToolStances(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetToolStances) => setToolStances(workspaceId, body),
    onSuccess: () => invalidateStances(queryClient, workspaceId),
  });
}

// A stance shows in the tool lists, on the tool, and in the stack and its exports.
function invalidateStances(queryClient: QueryClient, workspaceId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tools.workspace(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.stack.workspace(workspaceId) }),
  ]);
}
