import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteAnswer, VendorQuote, VendorQuotesQuery } from '~/shared/schemas/quotes';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export const vendorQuoteKeys = {
  all: ['vendor-quotes'] as const,
  list: (query: VendorQuotesQuery) => [...vendorQuoteKeys.all, 'list', query] as const,
};

/** The seller's quote requests (decision 77), newest first, of one status when asked. */
export const vendorQuotesOptions = (query: VendorQuotesQuery) =>
  queryOptions({
    queryKey: vendorQuoteKeys.list(query),
    queryFn: ({ signal }) => api<{ items: VendorQuote[]; requestedCount: number }>(`/api/vendor/quotes${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAnswerQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: QuoteAnswer }) =>
      api<{ quote: VendorQuote }>(`/api/vendor/quotes/${encodeURIComponent(id)}/answer`, { method: 'POST', body: answer }).then(
        (r) => r.quote,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorQuoteKeys.all }),
  });
}

export function useDeclineQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<{ quote: VendorQuote }>(`/api/vendor/quotes/${encodeURIComponent(id)}/decline`, { method: 'POST', body: { reason } }).then(
        (r) => r.quote,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorQuoteKeys.all }),
  });
}
