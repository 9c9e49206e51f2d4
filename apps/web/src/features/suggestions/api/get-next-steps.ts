import { queryOptions, useQuery } from '@tanstack/react-query';
import { nextStepsListSchema, type NextStepsList } from '@stackyard/contracts/suggestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { suggestionsPath } from './get-suggestions';

export function getNextSteps(workspaceId: string, signal?: AbortSignal): Promise<NextStepsList> {
  return apiRequest(`${suggestionsPath(workspaceId)}/next-steps`, { schema: nextStepsListSchema, signal });
}

export const nextStepsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.suggestions.nextSteps(workspaceId),
    queryFn: ({ signal }) => getNextSteps(workspaceId, signal),
  });

export function useNextSteps(workspaceId: string) {
  return useQuery(nextStepsQueryOptions(workspaceId));
}
