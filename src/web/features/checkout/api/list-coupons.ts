import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CartOffer, CartOffersResponse } from '~/shared/schemas/coupons';
import type { CartOffersRequest } from '~/shared/schemas/orders';
import { api } from '~/web/lib/api-client';
import { checkoutKeys } from './get-quote';

/**
 * The offers open now, listed under the coupon box, each usable for this cart or not with the reason
 * (judged by the server on the cart's lines and the customer's own uses). A changed cart asks again.
 */
export const couponsQueryOptions = (items: CartOffersRequest['items']) =>
  queryOptions({
    queryKey: checkoutKeys.coupons(items),
    queryFn: async ({ signal }): Promise<CartOffer[]> =>
      (await api<CartOffersResponse>('/api/coupons/for-cart', { method: 'POST', body: { items }, signal })).items,
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
