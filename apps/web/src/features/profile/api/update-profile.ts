import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfile } from '@stackyard/contracts/profile';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateProfile(input: UpdateProfile): Promise<Profile> {
  return apiJson<Profile>('/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
