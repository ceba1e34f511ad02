import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorOrder, VendorOrderDetail, VendorOrdersQuery, VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

/** The list state as the API's query string (the server applies the same defaults). */

export const vendorKeys = {
  all: ['vendor'] as const,
  orders: (q: Partial<VendorOrdersQuery>) => [...vendorKeys.all, 'orders', q] as const,
  /** Under `orders`, so every step that fetches the lists again fetches the order's page too. */
  order: (id: string) => [...vendorKeys.all, 'orders', 'one', id] as const,
};

/** One page of the vendor's share of confirmed orders. */
export const vendorOrdersQueryOptions = (q: Partial<VendorOrdersQuery>) =>
  queryOptions({
    queryKey: vendorKeys.orders(q),
    queryFn: ({ signal }) => api<VendorOrdersResponse>(`/api/vendor/orders${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useVendorOrders = (q: Partial<VendorOrdersQuery>) => useQuery(vendorOrdersQueryOptions(q));

/** One of the vendor's orders on its own page (a 404 for another vendor's). */
export const vendorOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.order(id),
    queryFn: ({ signal }) =>
      api<{ order: VendorOrderDetail }>(`/api/vendor/orders/${encodeURIComponent(id)}`, { signal }).then((r) => r.order),
  });

/** Hands the vendor's items of an order to a courier; every list of the vendor's orders is fetched again. */
export function useShipOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { carrier: string; trackingNumber: string; trackingUrl?: string }) =>
      api<{ order: VendorOrder }>(`/api/vendor/orders/${encodeURIComponent(orderId)}/ship`, { method: 'POST', body: input }).then(
        (r) => r.order,
      ),
    onSuccess: refetchWithoutWaiting(queryClient, [...vendorKeys.all, 'orders']),
  });
}

/**
 * One of the vendor's actions on an order (deliver, cancel-lines, return-received, refund); every
 * list of the vendor's orders and its dashboard are fetched again afterwards.
 */
export function useVendorOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'pack' | 'deliver' | 'cancel-lines' | 'return-received' | 'refund'; body?: object }) =>
      api<{ order: VendorOrder }>(`/api/vendor/orders/${encodeURIComponent(orderId)}/${action}`, { method: 'POST', body: body ?? {} }).then(
        (r) => r.order,
      ),
    // Cancelled lines and returns received put stock back on sale.
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, vendorKeys.all),
  });
}
