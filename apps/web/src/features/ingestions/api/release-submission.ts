import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submissionSchema, type ReleaseSubmission, type Submission } from '@stackyard/contracts/ingestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { putSubmission } from './get-submissions';

/**
 * POST /ingestion/submissions/{id}/release: a person vouches for a quarantined or failed submission and
 * types its details; the item is created from them without fetching.
 */
export function releaseSubmission(submissionId: string, body: ReleaseSubmission): Promise<Submission> {
  return apiRequest(`/ingestion/submissions/${encodeURIComponent(submissionId)}/release`, {
    method: 'POST',
    body,
    schema: submissionSchema,
  });
}

export function useReleaseSubmission(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, metadata }: { submissionId: string; metadata: ReleaseSubmission }) =>
      releaseSubmission(submissionId, metadata),
    onSuccess: (submission) => putSubmission(queryClient, submission),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.workspace(workspaceId) }),
  });
}
