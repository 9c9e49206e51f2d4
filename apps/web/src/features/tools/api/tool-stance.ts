import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  toolStanceRecordSchema,
  type SetToolStance,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.workspace(workspaceId) }),
  });
}
