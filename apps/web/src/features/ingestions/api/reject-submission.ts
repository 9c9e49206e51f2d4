import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { putSubmission } from './get-submissions';

/** POST /ingestion/submissions/{id}/reject: a quarantined or failed submission is closed without an item. */
export function rejectSubmission(submissionId: string): Promise<Submission> {
  return apiRequest(`/ingestion/submissions/${encodeURIComponent(submissionId)}/reject`, {
    method: 'POST',
    schema: submissionSchema,
  });
}

export function useRejectSubmission(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectSubmission,
    onSuccess: (submission) => putSubmission(queryClient, submission),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.workspace(workspaceId) }),
  });
}
