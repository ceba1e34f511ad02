import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrievancesQuery, GrievancesResponse, GrievanceThread } from '~/shared/schemas/grievances';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export type GrievancesFilter = Partial<GrievancesQuery>;

export const adminGrievanceKeys = {
  all: ['admin', 'grievances'] as const,
  list: (filter: GrievancesFilter) => [...adminGrievanceKeys.all, 'list', filter] as const,
  thread: (id: string) => [...adminGrievanceKeys.all, 'thread', id] as const,
};

const grievancePath = (id: string) => `/api/admin/grievances/${encodeURIComponent(id)}`;

/** One page of complaints for the filter in the address, newest first. */
export const grievancesListOptions = (filter: GrievancesFilter) =>
  queryOptions({
    queryKey: adminGrievanceKeys.list(filter),
    queryFn: ({ signal }) => api<GrievancesResponse>(`/api/admin/grievances${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A complaint with its thread. */
export const grievanceThreadOptions = (id: string) =>
  queryOptions({
    queryKey: adminGrievanceKeys.thread(id),
    queryFn: ({ signal }) => api<GrievanceThread>(grievancePath(id), { signal }),
  });

export type GrievanceAction =
  | { action: 'acknowledge'; message?: string }
  | { action: 'reply'; body: string }
  | { action: 'resolve'; resolution: string }
  | { action: 'close' };

/**
 * Acknowledges, replies to, resolves or closes a complaint. The thread takes the server's answer; every
 * admin list (this one, the overdue counts of the sidebar and the dashboard) is fetched anew.
 */
export function useGrievanceAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrievanceAction) => {
      switch (input.action) {
        case 'acknowledge':
          return api<GrievanceThread>(`${grievancePath(id)}/acknowledge`, { method: 'POST', body: { message: input.message } });
        case 'reply':
          return api<GrievanceThread>(`${grievancePath(id)}/replies`, { method: 'POST', body: { body: input.body } });
        case 'resolve':
          return api<GrievanceThread>(`${grievancePath(id)}/resolve`, { method: 'POST', body: { resolution: input.resolution } });
        case 'close':
          return api<GrievanceThread>(`${grievancePath(id)}/close`, { method: 'POST' });
      }
    },
    onSuccess: (thread) => queryClient.setQueryData(adminGrievanceKeys.thread(id), thread),
    onSettled: refetchWithoutWaiting(queryClient, ['admin']),
  });
}
