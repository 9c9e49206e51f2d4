import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { submissionListSchema, type Submission, type SubmissionKind } from '@stackyard/contracts/ingestion';
import { apiRequest } from '@/lib/api-client';
import { isInFlight, POLL_INTERVAL_MS } from '../lib/status';

/** Each kind has its own endpoints: /ingestion/tools and /ingestion/resources. */
export const kindSegment = (kind: SubmissionKind) => (kind === 'tool' ? 'tools' : 'resources');

export const submissionsQueryKey = (workspaceId: string) => ['ingestion', workspaceId] as const;

/** GET /ingestion/tools/workspace/{id} or /ingestion/resources/workspace/{id}: newest first. */
export function getSubmissions(workspaceId: string, kind: SubmissionKind): Promise<Submission[]> {
  return apiRequest(`/ingestion/${kindSegment(kind)}/workspace/${encodeURIComponent(workspaceId)}`, {
    schema: submissionListSchema,
  });
}

export const submissionsQueryOptions = (workspaceId: string, kind: SubmissionKind) =>
  queryOptions({
    queryKey: [...submissionsQueryKey(workspaceId), kind] as const,
    queryFn: () => getSubmissions(workspaceId, kind),
    // Live status: ask again every 2 s while something is queued or being fetched, and stop once all settle.
    refetchInterval: (query) =>
      query.state.data?.some((submission) => isInFlight(submission.status)) ? POLL_INTERVAL_MS : false,
    staleTime: 0,
  });

export function useSubmissions(workspaceId: string, kind: SubmissionKind) {
  return useQuery(submissionsQueryOptions(workspaceId, kind));
}

/** Shows a review's answer at once (e.g. Queued after a retry), before the list is asked again. */
export function putSubmission(queryClient: QueryClient, submission: Submission): void {
  queryClient.setQueryData(
    submissionsQueryOptions(submission.workspace_id, submission.kind).queryKey,
    (list) => list?.map((entry) => (entry.id === submission.id ? submission : entry)),
  );
}
