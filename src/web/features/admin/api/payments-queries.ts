import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminPaymentsQuery, AdminPaymentsResponse, AdminRefundsQuery, AdminRefundsResponse } from '~/shared/schemas/payments';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

/** The list state of the payments page; page and pageSize may be left to the server's defaults. */
export type PaymentsFilter = Partial<AdminPaymentsQuery>;

export const paymentsKeys = {
  all: ['admin', 'payments'] as const,
  list: (filter: PaymentsFilter) => [...paymentsKeys.all, filter] as const,
};

/** One page of payments with the money figures over the whole filter. */
export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: paymentsKeys.list(filter),
    queryFn: ({ signal }) => api<AdminPaymentsResponse>(`/api/admin/payments${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type RefundsFilter = Partial<AdminRefundsQuery>;

/** One page of refunds, newest first, with the figures over the whole filter. */
export const refundsQueryOptions = (filter: RefundsFilter) =>
  queryOptions({
    queryKey: ['admin', 'refunds', filter] as const,
    queryFn: ({ signal }) => api<AdminRefundsResponse>(`/api/admin/refunds${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
