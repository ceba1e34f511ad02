import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, SessionResponse } from '~/shared/schemas/auth';
import { api } from '~/web/lib/api-client';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';

export const sessionQueryKey = SESSION_QUERY_KEY;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 5 * 60_000,
});

/** The signed-in profile as the server sees it, or null. Resolved before the app renders. */
export function useUser(): Profile | null {
  const { data } = useQuery(sessionQueryOptions);
  return data?.user ?? null;
}

/** Whether the session is still being asked for (only on a page the server rendered is anything shown meanwhile). */
export function useSessionPending(): boolean {
  return useQuery(sessionQueryOptions).isPending;
}
