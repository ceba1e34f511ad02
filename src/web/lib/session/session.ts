import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, SessionResponse } from '~/shared/schemas/auth';
import { api } from '~/web/lib/api-client';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { useHydrated } from '~/web/lib/server-rendered';

export const sessionQueryKey = SESSION_QUERY_KEY;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * The signed-in profile as the server sees it, or null. Resolved before the app renders, except on a page
 * the server rendered: there it is null, as in the server's HTML, until the page is hydrated.
 */
export function useUser(): Profile | null {
  const { data } = useQuery(sessionQueryOptions);
  return (useHydrated() && data?.user) || null;
}

/** Whether the session is still being asked for, or not yet shown (on a page the server rendered, until it is hydrated). */
export function useSessionPending(): boolean {
  const { isPending } = useQuery(sessionQueryOptions);
  return !useHydrated() || isPending;
}
