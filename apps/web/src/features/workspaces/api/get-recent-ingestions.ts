import { queryOptions, useQuery } from '@tanstack/react-query';
import { submissionListSchema, type Submission } from '@stackyard/contracts/ingestion';
import { apiRequest, queryString } from '@/lib/api-client';

/** The newest `limit` submissions of one kind (GET /ingestion/{tools,resources}/workspace/{id}). */
function getIngestions(
  plural: 'tools' | 'resources',
  workspaceId: string,
  limit: number,
): Promise<Submission[]> {
  return apiRequest(
    `/ingestion/${plural}/workspace/${encodeURIComponent(workspaceId)}${queryString({ limit })}`,
    {
      schema: submissionListSchema,
    },
  );
}

const ACTIVE = new Set(['pending', 'fetching']);

/** The newest submissions of both kinds, newest first: the newest `limit` of each kind, merged. */
export async function getRecentIngestions(workspaceId: string, limit: number): Promise<Submission[]> {
  const [tools, resources] = await Promise.all([
    getIngestions('tools', workspaceId, limit),
    getIngestions('resources', workspaceId, limit),
  ]);
  return [...tools, ...resources]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .slice(0, limit);
}

// Under the key the ingestions page uses for the workspace, so its changes refresh this too.
export const recentIngestionsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['ingestion', workspaceId, 'dashboard'] as const,
    queryFn: () => getRecentIngestions(workspaceId, 5),
    staleTime: 0,
    // While a submission is on its way, its status is worth watching.
    refetchInterval: (query) =>
      query.state.data?.some((submission) => ACTIVE.has(submission.status)) ? 2000 : false,
  });

export function useRecentIngestions(workspaceId: string) {
  return useQuery(recentIngestionsQueryOptions(workspaceId));
}
