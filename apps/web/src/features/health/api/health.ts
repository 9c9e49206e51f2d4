import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttentionItem,
  HealthCheckQueued,
  HealthItemKind,
  ItemHealth,
} from '@stackyard/contracts/health';
import { apiJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Read unchecked (as the contracts type them): the dashboard shows the list, and zod's runtime is not part of
// what the dashboard loads.

/** While checks of the whole workspace are queued, the list is asked again this often. */
const QUEUED_POLL_MS = 3000;

const itemBase = (kind: HealthItemKind, id: string) =>
  `${kind === 'tool' ? '/tools/workspace' : '/resources'}/${encodeURIComponent(id)}`;

export function useNeedsAttention(workspaceId: string, polling = false) {
  return useQuery({
    queryKey: queryKeys.health(workspaceId),
    queryFn: () => apiJson<AttentionItem[]>(`/workspaces/${encodeURIComponent(workspaceId)}/health`),
    refetchInterval: polling ? QUEUED_POLL_MS : false,
  });
}

/** Queues a check of every link of the workspace; answers how many. */
export function useCheckWorkspace(workspaceId: string) {
  return useMutation({
    mutationFn: () =>
      apiJson<HealthCheckQueued>(`/workspaces/${encodeURIComponent(workspaceId)}/health-check`, {
        method: 'POST',
      }),
  });
}

/** Checks one item's link now; the answer is what was found. */
export function useCheckItem(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: HealthItemKind; id: string }) =>
      apiJson<ItemHealth>(`${itemBase(kind, id)}/health-check`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.health(workspaceId) }),
  });
}

/** Marks the item as kept in its status: off the list until a check finds another. */
export function useKeepItem(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: AttentionItem) =>
      apiJson<ItemHealth>(`${itemBase(kind, id)}/health/keep`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.health(workspaceId) }),
  });
}

/** Takes a moved item's new URL with `accept` (the item's edit, which the app composes in). */
export function useAcceptMoved(workspaceId: string, accept: (item: AttentionItem) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accept,
    onSuccess: (_, item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.health(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog(item.kind) }),
      ]),
  });
}
