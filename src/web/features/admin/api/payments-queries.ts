import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminPaymentsQuery, AdminPaymentsResponse, AdminRefundsQuery, AdminRefundsResponse } from '~/shared/schemas/payments';
import { api } from '~/web/lib/api-client';

/** The list state of the payments page; page and pageSize may be left to the server's defaults. */
export type PaymentsFilter = Partial<AdminPaymentsQuery>;

export const paymentsKeys = {
  all: ['admin', 'payments'] as const,
  list: (filter: PaymentsFilter) => [...paymentsKeys.all, filter] as const,
};

function toQueryString(filter: object) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** One page of payments with the money figures over the whole filter. */
export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: paymentsKeys.list(filter),
    queryFn: ({ signal }) => api<AdminPaymentsResponse>(`/api/admin/payments${toQueryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type RefundsFilter = Partial<AdminRefundsQuery>;

/** One page of refunds, newest first, with the figures over the whole filter. */
export const refundsQueryOptions = (filter: RefundsFilter) =>
  queryOptions({
    queryKey: ['admin', 'refunds', filter] as const,
    queryFn: ({ signal }) => api<AdminRefundsResponse>(`/api/admin/refunds${toQueryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
