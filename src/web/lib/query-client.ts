import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { catalogueChangedHere } from './catalogue-changes';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Its success changes what the catalogue shows (stock, price, rating): see `catalogueChangedHere`. */
      changesCatalogue?: boolean;
    };
  }
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/**
 * Whether a failed query is tried again by itself: network trouble and 5xx twice; never a 4xx
 * (retrying changes nothing), nor a 503, which says when to come back (decision 24): the page
 * shows the shop's message with Retry at once, and tries again itself after Retry-After.
 */
export function retryTwiceUnlessRefused(count: number, error: unknown): boolean {
  if (isApiError(error) && ((error.status >= 400 && error.status < 500) || error.status === 503)) return false;
  return count < 2;
}

/**
 * A mutation's `onSuccess` that fetches each of `queryKeys` again without waiting for it, for a mutation whose
 * refetch can take away the row that started it (a payout leaving "To be paid" once paid, an order
 * leaving "To ship" once shipped). Waiting would keep the mutation pending until the list came back
 * without that row, whose dialog then unmounted first, and TanStack Query skips the `mutate` callbacks
 * of an unmounted component: the dialog's confirmation toast was lost.
 */
export const refetchWithoutWaiting =
  (queryClient: QueryClient, ...queryKeys: QueryKey[]) =>
  () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };

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
    mutationCache: new MutationCache({
      // Awaited before the mutation's own onSuccess: what it shows next is read after the change.
      onSuccess: (_data, _variables, _context, mutation) =>
        mutation.meta?.changesCatalogue ? catalogueChangedHere(queryClient) : undefined,
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: retryTwiceUnlessRefused,
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}
