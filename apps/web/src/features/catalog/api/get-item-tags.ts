import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagListSchema, type Tag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { itemKey, itemPath, type CatalogItem } from '../lib/item';

export const itemTagsQueryKey = (item: CatalogItem) => ['item-tags', ...itemKey(item)] as const;

export function getItemTags(item: CatalogItem): Promise<Tag[]> {
  return apiRequest(`${itemPath(item)}/tags`, { schema: tagListSchema });
}

export const itemTagsQueryOptions = (item: CatalogItem) =>
  queryOptions({ queryKey: itemTagsQueryKey(item), queryFn: () => getItemTags(item) });

export function useItemTags(item: CatalogItem) {
  return useQuery(itemTagsQueryOptions(item));
}
