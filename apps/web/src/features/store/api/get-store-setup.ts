import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeSetupSchema, type StoreSetup } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function getStoreSetup(workspaceId: string): Promise<StoreSetup> {
  return apiRequest(storePath(workspaceId, 'setup'), { schema: storeSetupSchema });
}

export const storeSetupQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: queryKeys.store.setup(workspaceId), queryFn: () => getStoreSetup(workspaceId) });

export function useStoreSetup(workspaceId: string) {
  return useQuery(storeSetupQueryOptions(workspaceId));
}
