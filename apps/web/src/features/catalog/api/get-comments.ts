import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Comment } from '@stackyard/contracts/comment';
import { apiPage, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { itemPath, type CatalogItem } from '../lib/item';

export function getComments(item: CatalogItem, cursor: string | null) {
  return apiPage<Comment>(`${itemPath(item)}/comments${queryString({ cursor, limit: 50 })}`);
}

export const commentsQueryOptions = (item: CatalogItem) =>
  infiniteQueryOptions({
    queryKey: queryKeys.comments(item),
    queryFn: ({ pageParam }) => getComments(item, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useComments(item: CatalogItem) {
  return useInfiniteQuery(commentsQueryOptions(item));
}
