import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@stackyard/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Spec §8: a failed profile load counts as "no profile", never as an error screen. */
export async function getProfile(): Promise<Profile | null> {
  try {
    return await apiRequest('/profile', { schema: profileSchema });
  } catch {
    return null;
  }
}

export const profileQueryOptions = () => queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });

/** The profile is fetched only while signed in (spec §4). */
export function useProfile({ enabled }: { enabled: boolean }) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
