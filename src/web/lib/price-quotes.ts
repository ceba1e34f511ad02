import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequestInput } from '~/shared/schemas/quotes';
import { api } from '~/web/lib/api-client';

/**
 * A customer's quotes for quantity (decision 77): asked on the product page, listed under My quotes, paid at the
 * checkout. Here because three features read them (the product page, the account and the checkout).
 */
export const priceQuoteKeys = {
  all: ['price-quotes'] as const,
  mine: () => [...priceQuoteKeys.all, 'mine'] as const,
  one: (id: string) => [...priceQuoteKeys.all, 'one', id] as const,
};

export const myPriceQuotesOptions = () =>
  queryOptions({
    queryKey: priceQuoteKeys.mine(),
    queryFn: ({ signal }) => api<{ items: Quote[] }>('/api/quotes', { signal }).then((r) => r.items),
  });

export const myPriceQuoteOptions = (id: string) =>
  queryOptions({
    queryKey: priceQuoteKeys.one(id),
    queryFn: ({ signal }) => api<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal }).then((r) => r.quote),
  });

/** Asks the seller for a price; My quotes is read again. */
export function useRequestPriceQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteRequestInput) => api<{ quote: Quote }>('/api/quotes', { method: 'POST', body: input }).then((r) => r.quote),
    onSuccess: () => client.invalidateQueries({ queryKey: priceQuoteKeys.all }),
  });
}
