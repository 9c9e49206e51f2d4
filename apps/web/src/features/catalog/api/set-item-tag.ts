import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { itemPath, type CatalogItem } from '../lib/item';

/** PUT puts a tag on an item, DELETE takes it off (the same path). */
export function setItemTag(item: CatalogItem, tagId: string, attached: boolean): Promise<undefined> {
  return apiRequest(`${itemPath(item)}/tags/${encodeURIComponent(tagId)}`, {
    method: attached ? 'PUT' : 'DELETE',
  });
}

export function useSetItemTag(item: CatalogItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, attached }: { tagId: string; attached: boolean }) =>
      setItemTag(item, tagId, attached),
    // Lists filtered by tag change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.item(item) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog(item.kind) }),
      ]),
  });
}
