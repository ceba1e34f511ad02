import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  contactGrievanceSchema,
  GrievanceFiled,
  GrievancesResponse,
  GrievanceThread,
  orderGrievanceSchema,
} from '~/shared/schemas/grievances';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export const grievanceKeys = {
  all: ['grievances'] as const,
  mine: (filter: { orderId?: string; page?: number }) => [...grievanceKeys.all, 'mine', filter] as const,
  thread: (id: string) => [...grievanceKeys.all, 'thread', id] as const,
};

/** The customer's complaints, newest first (of one order with `orderId`). */
export const myGrievancesOptions = (filter: { orderId?: string; page?: number } = {}) =>
  queryOptions({
    queryKey: grievanceKeys.mine(filter),
    queryFn: ({ signal }) => api<GrievancesResponse>(`/api/grievances${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** One of the customer's complaints with its thread. */
export const myGrievanceOptions = (id: string) =>
  queryOptions({
    queryKey: grievanceKeys.thread(id),
    queryFn: ({ signal }) => api<GrievanceThread>(`/api/grievances/${encodeURIComponent(id)}`, { signal }),
  });

/** Files a complaint about one of the customer's orders; their lists are read again. */
export function useFileOrderGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof orderGrievanceSchema>) =>
      api<GrievanceFiled>('/api/grievances/order', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceKeys.all }),
  });
}

/** Files a complaint from the contact page. */
export function useFileContactGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof contactGrievanceSchema>) => api<GrievanceFiled>('/api/grievances', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceKeys.all }),
  });
}

/** The customer answers in their complaint's thread. */
export function useReplyToGrievance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<GrievanceThread>(`/api/grievances/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (thread) => {
      queryClient.setQueryData(grievanceKeys.thread(id), thread);
      void queryClient.invalidateQueries({ queryKey: [...grievanceKeys.all, 'mine'] });
    },
  });
}
