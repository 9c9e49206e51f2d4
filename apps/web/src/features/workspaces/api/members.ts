// The member endpoints of one workspace. One file for the four: they share the cache key and each mutation
// refreshes the same list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberListSchema, memberSchema, type Member } from '@stackyard/contracts/member';
import type { AccessRole } from '@stackyard/contracts/workspace';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/members`;

export function getMembers(workspaceId: string): Promise<Member[]> {
  return apiRequest(base(workspaceId), { schema: memberListSchema });
}

export const membersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.members(workspaceId),
    queryFn: () => getMembers(workspaceId),
  });

export function useMembers(workspaceId: string) {
  return useQuery(membersQueryOptions(workspaceId));
}

export function addMember(workspaceId: string, username: string, role: AccessRole): Promise<Member> {
  return apiRequest(base(workspaceId), { method: 'POST', body: { username, role }, schema: memberSchema });
}

export function changeMemberRole(workspaceId: string, userId: string, role: AccessRole): Promise<Member> {
  return apiRequest(`${base(workspaceId)}/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body: { new_role: role },
    schema: memberSchema,
  });
}

export function removeMember(workspaceId: string, userId: string): Promise<undefined> {
  return apiRequest(`${base(workspaceId)}/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useMemberMutations(workspaceId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.members(workspaceId) });
  return {
    add: useMutation({
      mutationFn: ({ username, role }: { username: string; role: AccessRole }) =>
        addMember(workspaceId, username, role),
      onSuccess,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: AccessRole }) =>
        changeMemberRole(workspaceId, userId, role),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (userId: string) => removeMember(workspaceId, userId), onSuccess }),
  };
}
