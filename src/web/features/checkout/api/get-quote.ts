import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CartOffersRequest, QuoteRequest, QuoteResponse } from '~/shared/schemas/orders';
import { api } from '~/web/lib/api-client';

export const checkoutKeys = {
  all: ['checkout'] as const,
  quotes: () => [...checkoutKeys.all, 'quote'] as const,
  quote: (request: QuoteRequest) => [...checkoutKeys.quotes(), request] as const,
  coupons: (items: CartOffersRequest['items']) => [...checkoutKeys.all, 'coupons', items] as const,
};

/**
 * The order as the server prices it (lines, totals, GST, delivery dates, EMI plans, whether cash on
 * delivery is offered). Every input is in the key, so a new address, delivery or coupon asks again,
 * while the previous answer stays on screen (dimmed) until the new one arrives.
 */
export const quoteQueryOptions = (request: QuoteRequest) =>
  queryOptions({
    queryKey: checkoutKeys.quote(request),
    queryFn: ({ signal }) => api<QuoteResponse>('/api/orders/quote', { method: 'POST', body: request, signal }),
    enabled: request.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
