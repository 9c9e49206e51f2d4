import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeHealthSchema, type StoreHealth } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function getStoreHealth(workspaceId: string): Promise<StoreHealth> {
  return apiRequest(storePath(workspaceId, 'health'), { schema: storeHealthSchema });
}

export const storeHealthQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: queryKeys.store.health(workspaceId), queryFn: () => getStoreHealth(workspaceId) });

export function useStoreHealth(workspaceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...storeHealthQueryOptions(workspaceId), enabled });
}
