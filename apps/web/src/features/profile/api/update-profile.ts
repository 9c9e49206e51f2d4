import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfile } from '@stackyard/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateProfile(input: UpdateProfile): Promise<Profile> {
  return apiRequest('/profile', { method: 'PUT', body: input, schema: profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
