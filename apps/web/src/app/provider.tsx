import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { onUnauthenticated } from '@/lib/credentials-renewal';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryOptions } from '@/features/session/api/get-session';
import { queryKeys } from '@/lib/query-keys';

export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // Created once per mounted app rather than at import time, so tests can mount isolated apps; main.tsx
  // passes its own, which asked whoami before the first render.
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    // A 401 from the API: ask whoami for a new JWT (which also updates who is signed in) and retry once.
    onUnauthenticated(async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session, refetchType: 'none' });
      const session = await queryClient.fetchQuery(sessionQueryOptions());
      return Boolean(session?.token);
    });
    return () => onUnauthenticated(null);
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
