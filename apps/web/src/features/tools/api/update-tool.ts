import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolSchema, type Tool, type UpdateTool } from '@stackyard/contracts/tool';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The workspace's corrections of a tool: only the fields given change. */
export function updateTool(toolId: string, changes: UpdateTool): Promise<Tool> {
  return apiRequest(`/tools/workspace/${encodeURIComponent(toolId)}`, {
    method: 'PATCH',
    body: changes,
    schema: toolSchema,
  });
}

export function useUpdateTool(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ toolId, changes }: { toolId: string; changes: UpdateTool }) => updateTool(toolId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.workspace(workspaceId) }),
  });
}
