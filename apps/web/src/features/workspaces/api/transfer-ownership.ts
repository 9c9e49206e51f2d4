import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberSchema, type Member } from '@stackyard/contracts/member';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function transferOwnership(workspaceId: string, userId: string): Promise<Member> {
  return apiRequest(`/workspaces/${encodeURIComponent(workspaceId)}/transfer-ownership`, {
    method: 'POST',
    body: { user_id: userId },
    schema: memberSchema,
  });
}

/** The owner hands the workspace over: its member list, the caller's role and its address all change. */
export function useTransferOwnership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => transferOwnership(workspaceId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
