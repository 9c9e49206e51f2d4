import { queryOptions, useQuery } from '@tanstack/react-query';
import { usernameAvailabilitySchema, type UsernameAvailability } from '@stackyard/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return apiRequest(`/profile/username/check/${encodeURIComponent(username)}`, {
    schema: usernameAvailabilitySchema,
    signal,
  });
}

export const usernameCheckQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.usernameCheck(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    // Availability changes as others pick names: never trust an old answer for long.
    staleTime: 0,
  });

export function useUsernameCheck(username: string | null) {
  return useQuery({ ...usernameCheckQueryOptions(username ?? ''), enabled: username !== null });
}
