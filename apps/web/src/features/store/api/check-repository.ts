import { useMutation } from '@tanstack/react-query';
import {
  repositoryCheckSchema,
  type RepositoryCheckResult,
  type RepositoryRequest,
} from '@stackyard/contracts/store';
import { apiRequest } from '@/lib/api-client';
import { storePath } from '../lib/store-path';

export function checkRepository(
  workspaceId: string,
  body: RepositoryRequest,
): Promise<RepositoryCheckResult> {
  return apiRequest(storePath(workspaceId, 'github/check'), {
    method: 'POST',
    body,
    schema: repositoryCheckSchema,
  });
}

/** Only asks GitHub: nothing cached changes. */
export function useCheckRepository(workspaceId: string) {
  return useMutation({ mutationFn: (body: RepositoryRequest) => checkRepository(workspaceId, body) });
}
