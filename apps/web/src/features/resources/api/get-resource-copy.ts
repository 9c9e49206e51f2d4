import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceCopySchema, type ResourceCopy } from '@stackyard/contracts/resource';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Null when the resource has no saved copy (or is no resource the caller may read). */
export async function getResourceCopy(resourceId: string): Promise<ResourceCopy | null> {
  try {
    return await apiRequest(`/resources/${encodeURIComponent(resourceId)}/copy`, {
      schema: resourceCopySchema,
    });
  } catch (error) {
    if (error instanceof ApiError && [400, 404].includes(error.status)) return null;
    throw error;
  }
}

export function useResourceCopy(resourceId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.resources.copy(resourceId),
      queryFn: () => getResourceCopy(resourceId),
    }),
  );
}
