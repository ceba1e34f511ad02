import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, CreateBusiness } from '~/shared/schemas/business';
import { api } from '~/web/lib/api-client';

const BASE = '/api/businesses';

export const businessKeys = {
  all: ['businesses'] as const,
  list: () => [...businessKeys.all, 'list'] as const,
};

/** The businesses the signed-in customer buys for (decision 71), newest first. */
export const businessesQueryOptions = () =>
  queryOptions({
    queryKey: businessKeys.list(),
    queryFn: ({ signal }) => api<{ items: Business[] }>(BASE, { signal }).then((r) => r.items),
  });

export function useCreateBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBusiness) => api<{ business: Business }>(BASE, { method: 'POST', body: input }).then((r) => r.business),
    onSuccess: () => client.invalidateQueries({ queryKey: businessKeys.all }),
  });
}

export function useUpdateBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CreateBusiness }) =>
      api<{ business: Business }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }).then((r) => r.business),
    onSuccess: () => client.invalidateQueries({ queryKey: businessKeys.all }),
  });
}

export function useDeleteBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: businessKeys.all }),
  });
}
