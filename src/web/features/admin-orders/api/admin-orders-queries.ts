import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseSerialHold } from '~/shared/schemas/serials';
import type { OrderDetail, ReceiveReturn, RefundAccount } from '~/shared/schemas/orders';
import type {
  AdminCancelOrder,
  AdminOrderResponse,
  AdminOrderSellers,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefundLines,
  AdminRefundReturn,
} from '~/shared/schemas/admin-orders';
import type { AdminEwayBillsResponse } from '~/shared/schemas/eway-bills';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

/** The list state of the orders page; page and pageSize may be left to the server's defaults. */
export type AdminOrdersFilter = Partial<AdminOrdersQuery>;

export const adminOrdersKeys = {
  all: ['admin', 'orders'] as const,
  list: (filter: AdminOrdersFilter) => [...adminOrdersKeys.all, 'list', filter] as const,
  one: (orderId: string) => [...adminOrdersKeys.all, 'one', orderId] as const,
  sellers: () => [...adminOrdersKeys.all, 'sellers'] as const,
};

/** One page of every order for the filter in the address. */
export const adminOrdersQueryOptions = (filter: AdminOrdersFilter) =>
  queryOptions({
    queryKey: adminOrdersKeys.list(filter),
    queryFn: ({ signal }) => api<AdminOrdersResponse>(`/api/admin/orders${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every seller's e-way bills of an order (under the order's key: its steps fetch them again). */
export const adminEwayBillsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersKeys.one(orderId), 'eway-bills'] as const,
    queryFn: ({ signal }) => api<AdminEwayBillsResponse>(`/api/admin/orders/${encodeURIComponent(orderId)}/eway-bills`, { signal }),
  });

/** One order with what the admin may do to it now. */
export const adminOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: adminOrdersKeys.one(orderId),
    queryFn: ({ signal }) => api<AdminOrderResponse>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
  });

/** Every seller, for the seller filter (changes rarely). */
export const orderSellersQueryOptions = () =>
  queryOptions({
    queryKey: adminOrdersKeys.sellers(),
    queryFn: ({ signal }) => api<AdminOrderSellers>('/api/admin/order-sellers', { signal }),
    staleTime: 5 * 60_000,
  });

export type AdminOrderStep =
  | { step: 'ship'; body: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string } }
  | { step: 'deliver' }
  | { step: 'return-received'; body: ReceiveReturn }
  | { step: 'refund'; body?: AdminRefundReturn }
  | { step: 'cancel'; body: AdminCancelOrder }
  | { step: 'refund-lines'; body: AdminRefundLines };

/**
 * One of the admin's steps on an order; the order and the lists are fetched again afterwards, without
 * waiting: the order fetched again can take away the dialog that asked (Ship goes once every seller shipped).
 */
export function useAdminOrderStep(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminOrderStep) =>
      api<{ order: OrderDetail }>(`/api/admin/orders/${encodeURIComponent(orderId)}/${input.step}`, {
        method: 'POST',
        body: 'body' in input ? input.body : undefined,
      }),
    // Cancellations and returns received put stock back on sale.
    meta: CHANGES_CATALOGUE,
    onSettled: refetchWithoutWaiting(queryClient, adminOrdersKeys.all),
  });
}

/** Records the bank account a customer gave by phone or e-mail for a cash-on-delivery refund; the order is fetched again. */
export function useRecordRefundAccount(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RefundAccount) =>
      api<{ order: OrderDetail }>(`/api/admin/orders/${encodeURIComponent(orderId)}/refund-account`, { method: 'PUT', body: account }),
    onSettled: refetchWithoutWaiting(queryClient, adminOrdersKeys.all),
  });
}

/** Lets the refund of a return whose serials did not match go ahead, with why (decision 72); the order is fetched again. */
export function useReleaseSerialHold(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseSerialHold) =>
      api<{ order: OrderDetail }>(`/api/admin/orders/${encodeURIComponent(orderId)}/serial-hold/release`, { method: 'POST', body: input }),
    onSettled: refetchWithoutWaiting(queryClient, adminOrdersKeys.all),
  });
}
