import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceSchema, type Resource } from '@stackyard/contracts/resource';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Null when there is no such resource, or the id is not one ('Resource not found' on the page). */
export async function getResource(resourceId: string): Promise<Resource | null> {
  try {
    return await apiRequest(`/resources/${encodeURIComponent(resourceId)}`, { schema: resourceSchema });
  } catch (error) {
    // A malformed id is answered 400 by the route's params schema: still no such resource.
    if (error instanceof ApiError && [400, 404, 422].includes(error.status)) return null;
    throw error;
  }
}

export const resourceQueryOptions = (resourceId: string) =>
  queryOptions({
    queryKey: queryKeys.resources.byId(resourceId),
    queryFn: () => getResource(resourceId),
  });

export function useResource(resourceId: string) {
  return useQuery(resourceQueryOptions(resourceId));
}
