import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeExportSettingsSchema, type StoreExportSettings } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

/** Whether each sync writes the AI export files into the repository, and which. */
export function getStoreExport(workspaceId: string): Promise<StoreExportSettings> {
  return apiRequest(storePath(workspaceId, 'export'), { schema: storeExportSettingsSchema });
}

export function saveStoreExport(
  workspaceId: string,
  body: StoreExportSettings,
): Promise<StoreExportSettings> {
  return apiRequest(storePath(workspaceId, 'export'), {
    method: 'PUT',
    body,
    schema: storeExportSettingsSchema,
  });
}

export const storeExportQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: queryKeys.store.export(workspaceId), queryFn: () => getStoreExport(workspaceId) });

export function useStoreExport(workspaceId: string) {
  return useQuery(storeExportQueryOptions(workspaceId));
}

export function useSaveStoreExport(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreExportSettings) => saveStoreExport(workspaceId, body),
    // Switching on queues a sync: health shows it pending, then its outcome.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.store.workspace(workspaceId) }),
  });
}
