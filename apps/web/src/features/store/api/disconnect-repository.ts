import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disconnectResultSchema, type DisconnectResult } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function disconnectRepository(workspaceId: string): Promise<DisconnectResult> {
  return apiRequest(storePath(workspaceId, 'github/disconnect'), {
    method: 'POST',
    schema: disconnectResultSchema,
  });
}

export function useDisconnectRepository(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectRepository(workspaceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.workspace(workspaceId) }),
  });
}
