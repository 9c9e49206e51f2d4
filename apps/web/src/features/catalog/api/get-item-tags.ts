import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagListSchema, type Tag } from '@stackyard/contracts/tag';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { itemPath, type CatalogItem } from '../lib/item';

export function getItemTags(item: CatalogItem): Promise<Tag[]> {
  return apiRequest(`${itemPath(item)}/tags`, { schema: tagListSchema });
}

export const itemTagsQueryOptions = (item: CatalogItem) =>
  queryOptions({ queryKey: queryKeys.tags.item(item), queryFn: () => getItemTags(item) });

export function useItemTags(item: CatalogItem) {
  return useQuery(itemTagsQueryOptions(item));
}
