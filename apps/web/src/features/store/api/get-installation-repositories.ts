import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  installationRepositoryListSchema,
  type InstallationRepositoryItem,
} from '@stackyard/contracts/store';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export function getInstallationRepositories(
  workspaceId: string,
  installationId: number,
): Promise<InstallationRepositoryItem[]> {
  return apiRequest(
    `${storePath(workspaceId, 'github/repositories')}${queryString({ installation_id: installationId })}`,
    { schema: installationRepositoryListSchema },
  );
}

export const installationRepositoriesQueryOptions = (workspaceId: string, installationId: number) =>
  queryOptions({
    queryKey: queryKeys.store.repositories(workspaceId, installationId),
    queryFn: () => getInstallationRepositories(workspaceId, installationId),
  });

export function useInstallationRepositories(workspaceId: string, installationId: number | null) {
  return useQuery({
    ...installationRepositoriesQueryOptions(workspaceId, installationId ?? 0),
    enabled: installationId !== null,
  });
}
