import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { documentHeld } from '~/shared/schemas/einvoices';
import type { OrderDetail, OrdersResponse, RefundAccount, ReturnRequest, StartPaymentResponse } from '~/shared/schemas/orders';
import type { OrderTrackingResponse, ParcelTracking } from '~/shared/schemas/shipping';
import type { z } from 'zod';
import type { reattemptRequestSchema } from '~/shared/schemas/shipping';

type ReattemptRequest = z.input<typeof reattemptRequestSchema>;
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { openPayment } from '~/web/lib/payment-redirect';

const BASE = '/api/orders';
const orderPath = (orderId: string) => `${BASE}/${encodeURIComponent(orderId)}`;

export const orderKeys = {
  all: ['orders'] as const,
  list: (page: number, pageSize: number) => [...orderKeys.all, 'list', { page, pageSize }] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
};

/** The signed-in customer's orders, newest first. */
export const ordersQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.list(page, pageSize),
    queryFn: ({ signal }) => api<OrdersResponse>(`${BASE}?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** One order of the signed-in customer (404 NOT_FOUND when it is not theirs). */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => api<{ order: OrderDetail }>(orderPath(orderId), { signal }).then((r) => r.order),
    // A business's invoice waiting for its IRN (decision 76) is read again until the portal answers.
    refetchInterval: (query) => (query.state.data && heldDocuments(query.state.data) ? 5_000 : false),
  });

const heldDocuments = (order: OrderDetail) =>
  documentHeld(order.invoice?.eInvoices) || order.creditNotes.some((n) => documentHeld(n.eInvoices));

/** After a change the page shows the order the server answered with, and the list is read again. */
function useOrderChanged() {
  const client = useQueryClient();
  return (order: OrderDetail) => {
    client.setQueryData(orderKeys.detail(order.id), order);
    void client.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
  };
}

export function useCancelOrder(orderId: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ order: OrderDetail }>(`${orderPath(orderId)}/cancel`, { method: 'POST', body: { reason } }).then((r) => r.order),
    onSuccess: changed,
    // Its stock is back on sale.
    meta: CHANGES_CATALOGUE,
  });
}

export function useRequestReturn(orderId: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (request: ReturnRequest) =>
      api<{ order: OrderDetail }>(`${orderPath(orderId)}/return`, { method: 'POST', body: request }).then((r) => r.order),
    onSuccess: changed,
  });
}

/** Gives or changes the bank account the shop transfers a cash-on-delivery refund to; the order comes back with it masked. */
export function useGiveRefundAccount(orderId: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (account: RefundAccount) =>
      api<{ order: OrderDetail }>(`${orderPath(orderId)}/refund-account`, { method: 'PUT', body: account }).then((r) => r.order),
    onSuccess: changed,
  });
}

/**
 * Starts (or starts again) the online payment of an order and takes the browser to the provider.
 * The mutation stays pending while the browser leaves the page.
 */
export function useStartPayment(orderId: string) {
  return useMutation({
    mutationFn: async () => {
      const { checkout } = await api<StartPaymentResponse>(`${orderPath(orderId)}/payment`, { method: 'POST' });
      await openPayment(checkout);
    },
  });
}

/** Where the GST invoice PDF of an order is downloaded from. */
export const invoicePdfUrl = (orderId: string) => `${orderPath(orderId)}/invoice.pdf`;
export const creditNotePdfUrl = (orderId: string, number: string) => `${orderPath(orderId)}/credit-notes/${encodeURIComponent(number)}`;

/** Statuses after which a parcel's tracking does not change. */
const FINAL_TRACKING = new Set(['delivered', 'rto_delivered', 'cancelled']);

/**
 * The courier tracking of each booked parcel of the customer's order (decision 79), read again every
 * 30 seconds while a parcel is on its way.
 */
export const orderTrackingQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.detail(orderId), 'tracking'] as const,
    queryFn: ({ signal }) => api<OrderTrackingResponse>(`${orderPath(orderId)}/tracking`, { signal }).then((r) => r.parcels),
    refetchInterval: (query) => (query.state.data?.some((p) => !FINAL_TRACKING.has(p.status)) ? 30_000 : false),
  });

/** The customer's answer to a parcel's failed delivery attempt, sent to the courier; the page shows the parcel as answered. */
export function useAnswerFailedAttempt(orderId: string, awb: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: ReattemptRequest) =>
      api<{ parcel: ParcelTracking }>(`${orderPath(orderId)}/parcels/${encodeURIComponent(awb)}/reattempt`, {
        method: 'POST',
        body: answer,
      }).then((r) => r.parcel),
    onSuccess: (parcel) => {
      client.setQueryData(orderTrackingQueryOptions(orderId).queryKey, (parcels) =>
        parcels?.map((p) => (p.awb === parcel.awb ? parcel : p)),
      );
      void client.invalidateQueries({ queryKey: orderKeys.detail(orderId), exact: true });
    },
  });
}
