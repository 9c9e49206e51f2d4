import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityApi, identityFailure } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';

/** Shown for /error without an id, with one that is not an id, or one the identity service does not know. */
export const FLOW_ERROR_UNKNOWN = 'This sign-in link is no longer valid. Please sign in again.';
/** Shown when the identity service could not be asked (offline, or it failed). */
export const FLOW_ERROR_UNAVAILABLE =
  'The details of this error could not be loaded. Please try again later.';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be an error id at all (a UUID); anything else is not worth asking the service about. */
export function isFlowErrorId(value: string | null | undefined): value is string {
  return typeof value === 'string' && ERROR_ID.test(value);
}

/**
 * The text of a stored error (`{ id, error: { code, status, reason?, message } }`): its reason, written for
 * people, else its message; null when it has neither.
 */
export function flowErrorText(found: unknown): string | null {
  const error = (found as { error?: { reason?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.reason === 'string' && error.reason.trim()) return error.reason;
  if (typeof error?.message === 'string' && error.message.trim()) return error.message;
  return null;
}

/** The stored error's text; null when the identity service does not know the id (a 4xx). */
export async function getFlowError(errorId: string): Promise<string | null> {
  try {
    return flowErrorText(await identityApi().getFlowError({ id: errorId }));
  } catch (error) {
    const failure = await identityFailure(error);
    if (failure && failure.status >= 400 && failure.status < 500) return null;
    throw error;
  }
}

export const flowErrorQueryOptions = (errorId: string) =>
  queryOptions({
    queryKey: queryKeys.flowError(errorId),
    queryFn: () => getFlowError(errorId),
    // A stored error never changes.
    staleTime: Infinity,
  });

/** The error of /error?id=; not asked for when the id cannot be one. */
export function useFlowError(errorId: string | null) {
  return useQuery({ ...flowErrorQueryOptions(errorId ?? ''), enabled: isFlowErrorId(errorId) });
}
