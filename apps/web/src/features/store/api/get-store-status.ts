import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeStatusSchema, type StoreStatus } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function getStoreStatus(workspaceId: string): Promise<StoreStatus> {
  return apiRequest(storePath(workspaceId, 'status'), { schema: storeStatusSchema });
}

export const storeStatusQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: queryKeys.store.status(workspaceId), queryFn: () => getStoreStatus(workspaceId) });

export function useStoreStatus(workspaceId: string) {
  return useQuery(storeStatusQueryOptions(workspaceId));
}
