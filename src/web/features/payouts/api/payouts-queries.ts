import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerQuery, LedgerResponse, PayoutDetail, VendorPayouts } from '~/shared/schemas/payouts';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export const payoutKeys = {
  all: ['vendor', 'payouts'] as const,
  summary: () => [...payoutKeys.all, 'summary'] as const,
  ledger: (q: Partial<LedgerQuery>) => [...payoutKeys.all, 'ledger', q] as const,
  payout: (id: string) => [...payoutKeys.all, 'payout', id] as const,
};

/** The list state as the API's query string (the server applies the same defaults). */

/** What the vendor is owed and has been paid, the rates it is charged, and its weekly payouts. */
export const vendorPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: payoutKeys.summary(),
    queryFn: ({ signal }) => api<VendorPayouts>('/api/vendor/payouts', { signal }),
  });
export const useVendorPayouts = () => useQuery(vendorPayoutsQueryOptions());

/** One page of the vendor's ledger, as the URL's list state asks. */
export const ledgerQueryOptions = (q: Partial<LedgerQuery>) =>
  queryOptions({
    queryKey: payoutKeys.ledger(q),
    queryFn: ({ signal }) => api<LedgerResponse>(`/api/vendor/payouts/ledger${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useLedger = (q: Partial<LedgerQuery>) => useQuery(ledgerQueryOptions(q));

/** One payout with its lines, loaded when its row is opened. */
export const usePayoutDetail = (payoutId: string) =>
  useQuery({
    queryKey: payoutKeys.payout(payoutId),
    queryFn: ({ signal }) => api<PayoutDetail>(`/api/vendor/payouts/${encodeURIComponent(payoutId)}`, { signal }),
  });

/** Where a month's statement downloads from (the browser sends the session cookie). */
export const statementUrl = (month: string, format: 'csv' | 'pdf') => `/api/vendor/payouts/statements/${month}.${format}`;
