import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, CreateAddress, UpdateAddress } from '~/shared/schemas/address';
import { api } from '~/web/lib/api-client';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';

const BASE = '/api/addresses';

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};

/** The signed-in customer's address book: default first, then newest first. */
export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: ({ signal }) => api<{ items: Address[] }>(BASE, { signal }).then((r) => r.items),
  });

/** After any change the list and the session profile (which carries `addresses`) are read again. */
function useRefreshAddresses() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: addressKeys.all }), client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })]);
}

export function useCreateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (input: CreateAddress) => api<{ address: Address }>(BASE, { method: 'POST', body: input }).then((r) => r.address),
    onSuccess: refresh,
  });
}

export function useUpdateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAddress }) =>
      api<{ address: Address }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }).then((r) => r.address),
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
