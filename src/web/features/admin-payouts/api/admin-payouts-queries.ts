import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayoutsQuery,
  AdminPayoutsResponse,
  BankFileQuery,
  CommissionPlansResponse,
  CommissionRates,
  Payout,
  SetCommissionPlan,
  UpdateCommissionRates,
  VendorCommissionPlan,
} from '~/shared/schemas/payouts';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (filter: Partial<AdminPayoutsQuery>) => [...adminPayoutKeys.all, 'list', filter] as const,
  rates: () => [...adminPayoutKeys.all, 'rates'] as const,
  plans: (vendorId?: string) => [...adminPayoutKeys.all, 'plans', vendorId ?? null] as const,
};

/** One page of every vendor's payouts, with the totals over the filter and what is owed now. */
export const adminPayoutsQueryOptions = (filter: Partial<AdminPayoutsQuery>) =>
  queryOptions({
    queryKey: adminPayoutKeys.list(filter),
    queryFn: ({ signal }) => api<AdminPayoutsResponse>(`/api/admin/payouts${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Where the bank-upload CSV of the payouts to be paid downloads from (the browser sends the session cookie). */
export const bankFileUrl = (filter: Partial<BankFileQuery>) => `/api/admin/payouts/bank-file.csv${queryString(filter)}`;

export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ periodStart: string; payouts: number; entries: number }>('/api/admin/payouts/settle', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}

export function useMarkPaid(payoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bankReference: string; paidOn?: string }) =>
      api<{ payout: Payout }>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/paid`, { method: 'POST', body: input }).then(
        (r) => r.payout,
      ),
    onSuccess: refetchWithoutWaiting(queryClient, adminPayoutKeys.all),
  });
}

export const commissionRatesQueryOptions = () =>
  queryOptions({
    queryKey: adminPayoutKeys.rates(),
    queryFn: ({ signal }) => api<CommissionRates>('/api/admin/commission-rates', { signal }),
  });

export function useUpdateCommissionRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCommissionRates) => api<CommissionRates>('/api/admin/commission-rates', { method: 'PUT', body: input }),
    onSuccess: (rates) => queryClient.setQueryData(adminPayoutKeys.rates(), rates),
  });
}

/** The vendors with a commission plan of their own; or the one vendor asked for (with no rates when it has no plan). */
export const commissionPlansQueryOptions = (vendorId?: string) =>
  queryOptions({
    queryKey: adminPayoutKeys.plans(vendorId),
    queryFn: ({ signal }) =>
      api<CommissionPlansResponse>(`/api/admin/commission-plans${queryString({ vendorId, pageSize: 100 })}`, { signal }),
  });

/**
 * Sets or ends a vendor's plan. The plans are fetched again without waiting: an ended plan leaves the
 * list, and the row whose dialog asked with it.
 */
export function useSetCommissionPlan(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetCommissionPlan) =>
      api<{ plan: VendorCommissionPlan }>(`/api/admin/commission-plans/${encodeURIComponent(vendorId)}`, {
        method: 'PUT',
        body: input,
      }).then((r) => r.plan),
    onSuccess: refetchWithoutWaiting(queryClient, [...adminPayoutKeys.all, 'plans']),
  });
}
