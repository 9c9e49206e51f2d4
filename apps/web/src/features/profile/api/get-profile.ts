import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@stackyard/contracts/profile';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A failed profile load counts as "no profile", never as an error screen. */
export async function getProfile(): Promise<Profile | null> {
  try {
    return await apiJson<Profile>('/profile');
  } catch {
    return null;
  }
}

export const profileQueryOptions = () => queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });

/** The profile is fetched only while signed in. */
export function useProfile({ enabled }: { enabled: boolean }) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
