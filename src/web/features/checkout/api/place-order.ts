import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type PlaceOrderRequest, type PlaceOrderResponse } from '~/shared/schemas/orders';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';

export interface PlaceOrderVariables {
  request: PlaceOrderRequest;
  /** The same key for the same attempt: a double click or a retry makes one order. */
  idempotencyKey: string;
}

export function placeOrder({ request, idempotencyKey }: PlaceOrderVariables): Promise<PlaceOrderResponse> {
  return api<PlaceOrderResponse>('/api/orders', { method: 'POST', body: request, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** Places the order; the stock it took shows on this browser's product pages, lists and cart at once. */
export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder, meta: CHANGES_CATALOGUE });
}
