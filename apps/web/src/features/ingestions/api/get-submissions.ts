import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Submission, SubmissionKind } from '@stackyard/contracts/ingestion';
import { apiJson, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isInFlight, POLL_INTERVAL_MS } from '../lib/status';

/** Each kind has its own endpoints: /ingestion/tools and /ingestion/resources. */
export const kindSegment = (kind: SubmissionKind) => (kind === 'tool' ? 'tools' : 'resources');

/** GET /ingestion/tools/workspace/{id} or /ingestion/resources/workspace/{id}: newest first, at most `limit`. */
export function getSubmissions(
  workspaceId: string,
  kind: SubmissionKind,
  limit?: number,
): Promise<Submission[]> {
  return apiJson<Submission[]>(
    `/ingestion/${kindSegment(kind)}/workspace/${encodeURIComponent(workspaceId)}${queryString({ limit })}`,
  );
}

export const submissionsQueryOptions = (workspaceId: string, kind: SubmissionKind) =>
  queryOptions({
    queryKey: queryKeys.ingestion.list(workspaceId, kind),
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

/**
 * The tools and resources lists are cached for minutes; when a submission completes while this page polls,
 * they are marked stale so they show the new item next time.
 */
export function useRefreshCatalogOnCompletion(
  workspaceId: string,
  kind: SubmissionKind,
  items: Submission[],
) {
  const queryClient = useQueryClient();
  const completed = items.filter((submission) => submission.status === 'completed').length;
  useEffect(() => {
    if (completed === 0) return;
    void queryClient.invalidateQueries({
      queryKey: (kind === 'tool' ? queryKeys.tools : queryKeys.resources).workspace(workspaceId),
    });
  }, [completed, kind, workspaceId, queryClient]);
}
