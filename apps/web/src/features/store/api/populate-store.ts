import { useMutation, useQueryClient } from '@tanstack/react-query';
import { populateResultSchema, type PopulateResult } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function populateStore(workspaceId: string): Promise<PopulateResult> {
  return apiRequest(storePath(workspaceId, 'populate'), { method: 'POST', schema: populateResultSchema });
}

export function usePopulateStore(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => populateStore(workspaceId),
    // A failed populate is recorded as the link's last error too: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.workspace(workspaceId) }),
  });
}
