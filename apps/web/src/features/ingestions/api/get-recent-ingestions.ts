import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Submission } from '@stackyard/contracts/ingestion';
import { RECENT_LIMIT } from '@/config/dashboard';
import { queryKeys } from '@/lib/query-keys';
import { isInFlight, POLL_INTERVAL_MS } from '../lib/status';
import { getSubmissions } from './get-submissions';

/** The newest submissions of both kinds, newest first: the newest `limit` of each kind, merged. */
export async function getRecentIngestions(workspaceId: string, limit: number): Promise<Submission[]> {
  const [tools, resources] = await Promise.all([
    getSubmissions(workspaceId, 'tool', limit),
    getSubmissions(workspaceId, 'resource', limit),
  ]);
  return [...tools, ...resources]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .slice(0, limit);
}

// Under the key the ingestions page uses for the workspace, so its changes refresh this too.
export const recentIngestionsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.ingestion.recent(workspaceId),
    queryFn: () => getRecentIngestions(workspaceId, RECENT_LIMIT),
    staleTime: 0,
    // While a submission is on its way, its status is worth watching.
    refetchInterval: (query) =>
      query.state.data?.some((submission) => isInFlight(submission.status)) ? POLL_INTERVAL_MS : false,
  });

export function useRecentIngestions(workspaceId: string) {
  return useQuery(recentIngestionsQueryOptions(workspaceId));
}
