import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userSummarySchema, type UserSummary } from '@stackyard/contracts/profile';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const userListSchema = userSummarySchema.array();

/** What /users/search accepts: a username prefix (lowercase letters, digits, underscores). */
export const USER_PREFIX = /^[a-z0-9_]{1,30}$/;

export function searchUsers(prefix: string, signal?: AbortSignal): Promise<UserSummary[]> {
  return apiRequest(`/users/search${queryString({ q: prefix, limit: 8 })}`, {
    schema: userListSchema,
    signal,
  });
}

export const userSearchQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: queryKeys.userSearch(prefix),
    queryFn: ({ signal }) => searchUsers(prefix, signal),
    staleTime: 30_000,
  });

/** Users whose username starts with `prefix`; idle while the prefix is not a possible username. */
export function useUserSearch(prefix: string) {
  return useQuery({
    ...userSearchQueryOptions(prefix),
    enabled: USER_PREFIX.test(prefix),
    // Keep the last answer on screen while the next prefix loads, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
}
