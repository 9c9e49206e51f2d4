import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountDeletionPreviewSchema, type AccountDeletionPreview } from '@stackyard/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { clearUserJwt } from './get-session';

export function getDeletionPreview(): Promise<AccountDeletionPreview> {
  return apiRequest('/me/deletion', { schema: accountDeletionPreviewSchema });
}

export const deletionPreviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accountDeletion,
    queryFn: getDeletionPreview,
    // Membership changes elsewhere decide it: asked again every time the dialog opens.
    staleTime: 0,
  });

export function useDeletionPreview(enabled: boolean) {
  return useQuery({ ...deletionPreviewQueryOptions(), enabled });
}

export function deleteAccount(confirmation: string): Promise<undefined> {
  return apiRequest('/me', { method: 'DELETE', body: { confirmation } });
}

/**
 * Deletes the account. The identity service has ended its sessions, so like a logout the cookie is
 * cleared and every cache emptied; the caller sends the browser to /.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearUserJwt();
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      onDeleted();
    },
    // A refusal (a workspace shared meanwhile) is best explained by the preview as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountDeletion }),
  });
}
