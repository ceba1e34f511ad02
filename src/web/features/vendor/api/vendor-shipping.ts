import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyCourier, CourierQuote, CourierShipment, PickupAnswerView } from '~/shared/schemas/shipping';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { vendorKeys } from './vendor-lists';

/** Couriers of the seller centre (decision 78): under the vendor's keys, so every order step fetches them again. */
export const shippingKeys = {
  all: [...vendorKeys.all, 'shipping'] as const,
  rates: (orderId: string) => [...vendorKeys.all, 'shipping', 'rates', orderId] as const,
  shipments: () => [...vendorKeys.all, 'shipping', 'shipments'] as const,
};

/** The couriers that take the seller's parcel of an order, cheapest first. */
export const courierRatesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: shippingKeys.rates(orderId),
    queryFn: ({ signal }) =>
      api<{ quote: CourierQuote }>(`/api/vendor/orders/${encodeURIComponent(orderId)}/courier-rates`, { signal }).then((r) => r.quote),
    // A rate is good for the dialog's life; buying asks for a fresh one on the server anyway.
    staleTime: 60_000,
  });

export const useCourierRates = (orderId: string, enabled: boolean) => useQuery({ ...courierRatesQueryOptions(orderId), enabled });

/** Buys the chosen courier: the AWB, the shipment and the order shipped; the seller's lists are fetched again. */
export function useBuyCourier(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyCourier) =>
      api<{ order: VendorOrder; shipment: CourierShipment }>(`/api/vendor/orders/${encodeURIComponent(orderId)}/courier-shipment`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: refetchWithoutWaiting(queryClient, [...vendorKeys.all, 'orders']),
  });
}

/** The seller's latest parcels booked with a courier. */
export const useCourierShipments = () =>
  useQuery({
    queryKey: shippingKeys.shipments(),
    queryFn: ({ signal }) => api<{ items: CourierShipment[] }>('/api/vendor/shipping/shipments', { signal }).then((r) => r.items),
  });

/** Asks the courier to collect the chosen parcels today. */
export function useRequestPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: string[]) =>
      api<{ pickup: PickupAnswerView }>('/api/vendor/shipping/pickups', { method: 'POST', body: { orderIds } }).then((r) => r.pickup),
    onSuccess: refetchWithoutWaiting(queryClient, shippingKeys.all),
  });
}

/** Where the labels of these orders' parcels print, as one PDF. */
export const labelsUrl = (orderIds: readonly string[], size: 'a4' | '4x6') =>
  `/api/vendor/shipping/labels?orderIds=${orderIds.map(encodeURIComponent).join(',')}&size=${size}`;
export const manifestUrl = (orderIds: readonly string[]) =>
  `/api/vendor/shipping/manifest?orderIds=${orderIds.map(encodeURIComponent).join(',')}`;
