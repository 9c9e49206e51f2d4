import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

const MINUTE_MS = 60_000;

// Session and profile caches stay fresh for 5 minutes, are kept for 10, and are never retried.
export const queryDefaults = {
  queries: {
    staleTime: 5 * MINUTE_MS,
    gcTime: 10 * MINUTE_MS,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
