import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectResultSchema, type ConnectResult, type RepositoryRequest } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function connectRepository(workspaceId: string, body: RepositoryRequest): Promise<ConnectResult> {
  return apiRequest(storePath(workspaceId, 'github/connect'), {
    method: 'POST',
    body,
    schema: connectResultSchema,
  });
}

export function useConnectRepository(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RepositoryRequest) => connectRepository(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.workspace(workspaceId) }),
  });
}
