import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The server says the session is gone (expired, revoked elsewhere): let the guards see it.
      onError: (error, query) => {
        if (isApiError(error, 'UNAUTHENTICATED') && query.queryKey[0] !== 'auth') {
          queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retrying a 4xx changes nothing; retry network trouble and 5xx twice.
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}
