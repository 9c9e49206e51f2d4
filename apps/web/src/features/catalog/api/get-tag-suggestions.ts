import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagSuggestionListSchema, type TagSuggestionList } from '@stackyard/contracts/tag-suggestion';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { itemPath, type CatalogItem } from '../lib/item';

export function getTagSuggestions(item: CatalogItem): Promise<TagSuggestionList> {
  return apiRequest(`${itemPath(item)}/tag-suggestions`, { schema: tagSuggestionListSchema });
}

export const tagSuggestionsQueryOptions = (item: CatalogItem) =>
  queryOptions({ queryKey: queryKeys.tags.suggestions(item), queryFn: () => getTagSuggestions(item) });

export function useTagSuggestions(item: CatalogItem) {
  return useQuery(tagSuggestionsQueryOptions(item));
}
