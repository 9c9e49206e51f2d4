import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { putSubmission } from './get-submissions';

/** POST /ingestion/submissions/{id}/retry: a quarantined or failed submission is queued again. */
export function retrySubmission(submissionId: string): Promise<Submission> {
  return apiRequest(`/ingestion/submissions/${encodeURIComponent(submissionId)}/retry`, {
    method: 'POST',
    schema: submissionSchema,
  });
}

export function useRetrySubmission(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmission,
    onSuccess: (submission) => putSubmission(queryClient, submission),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.workspace(workspaceId) }),
  });
}
