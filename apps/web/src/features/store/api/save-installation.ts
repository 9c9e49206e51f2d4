import { useMutation, useQueryClient } from '@tanstack/react-query';
import { installationResultSchema, type InstallationResult } from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storePath } from '../lib/store-path';

export interface SaveInstallationInput {
  workspaceId: string;
  installationId: number;
  /** The one-time code GitHub appended to the callback; the server exchanges it to check who installed. */
  code: string | null;
}

/**
 * The storage update of the installation callback (it takes workspaceId and installationId, plus the
 * code that lets the server check the user may access the installation).
 */
export function saveInstallation({
  workspaceId,
  installationId,
  code,
}: SaveInstallationInput): Promise<InstallationResult> {
  return apiRequest(storePath(workspaceId, 'github/installation'), {
    method: 'POST',
    body: code === null ? { installation_id: installationId } : { installation_id: installationId, code },
    schema: installationResultSchema,
  });
}

export function useSaveInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInstallation,
    onSuccess: (_result, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.store.workspace(workspaceId) }),
  });
}
