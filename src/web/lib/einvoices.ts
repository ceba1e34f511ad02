import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  einvoicesQuerySchema,
  type CancelEInvoice,
  type EInvoiceRegistration,
  type EInvoicesQuery,
  type EInvoicesResponse,
} from '~/shared/schemas/einvoices';
import { api } from './api-client';
import { listParamsOf } from './list-state/list-params';

/**
 * The e-invoices of the admin console (every one) and of the seller centre (the seller's own), one
 * API shape under two prefixes (decision 76): the list refreshes itself while a registration waits.
 */
export type EInvoicesAudience = 'admin' | 'vendor';

const base = (audience: EInvoicesAudience) => `/api/${audience}/e-invoices`;
export const einvoiceKeys = {
  all: (audience: EInvoicesAudience) => [audience, 'e-invoices'] as const,
  list: (audience: EInvoicesAudience, filter: Partial<EInvoicesQuery>) => [audience, 'e-invoices', 'list', filter] as const,
};

export const einvoicesQueryOptions = (audience: EInvoicesAudience, filter: Partial<EInvoicesQuery>) =>
  queryOptions({
    queryKey: einvoiceKeys.list(audience, filter),
    queryFn: ({ signal }) => {
      const s = listParamsOf(einvoicesQuerySchema, filter).toString();
      return api<EInvoicesResponse>(`${base(audience)}${s ? `?${s}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
    // Registrations are made by a background job: a pending one is seen registering within seconds.
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? 3_000 : false),
  });

/** Registers a failed e-invoice again now; the list is fetched anew whatever the answer. */
export function useRetryEInvoice(audience: EInvoicesAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ einvoice: EInvoiceRegistration }>(`${base(audience)}/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: einvoiceKeys.all(audience) }),
  });
}

/** Cancels a registered IRN (within 24 hours) with the portal's reason and a remark. */
export function useCancelEInvoice(audience: EInvoicesAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CancelEInvoice }) =>
      api<{ einvoice: EInvoiceRegistration }>(`${base(audience)}/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: einvoiceKeys.all(audience) }),
  });
}
