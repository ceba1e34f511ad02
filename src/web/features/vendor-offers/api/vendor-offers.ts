import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueMatchResponse, OfferInput, OfferPatch, VendorOffer } from '~/shared/schemas/vendor-offers';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';

/** The seller's offers of products other sellers listed, and its searches of the catalogue (decision 70). */
export const vendorOfferKeys = {
  all: ['vendor', 'offers'] as const,
  list: () => [...vendorOfferKeys.all, 'list'] as const,
  match: (q: string) => [...vendorOfferKeys.all, 'catalogue-match', q] as const,
};

/** Products of the catalogue other sellers listed that match a brand, model or EAN (nothing is asked for an empty text). */
export const catalogueMatchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: vendorOfferKeys.match(q),
    queryFn: ({ signal }) => api<CatalogueMatchResponse>(`/api/vendor/catalogue-match?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
export const useCatalogueMatch = (q: string) => useQuery(catalogueMatchQueryOptions(q));

/** The seller's offers, as a list the back office's table reads (one page: a seller has tens of them, not thousands). */
export const vendorOffersQueryOptions = queryOptions({
  queryKey: vendorOfferKeys.list(),
  queryFn: ({ signal }) => api<{ items: VendorOffer[] }>('/api/vendor/offers', { signal }),
  select: (data) => ({ items: data.items, total: data.items.length, page: 1, pageSize: Math.max(1, data.items.length) }),
});
export const useVendorOffers = () => useQuery(vendorOffersQueryOptions);

/**
 * A new offer; after it the offers list and the searches (which say "you offer it") are fetched again, and the
 * catalogue too (the product page shows its sellers). The list is not waited for: the page goes there next.
 */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferInput) =>
      api<{ offer: VendorOffer }>('/api/vendor/offers', { method: 'POST', body: input }).then((r) => r.offer),
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, vendorOfferKeys.all),
  });
}

/** A change of an offer's price, stock (with the stock the seller saw), dispatch days or status. */
export function usePatchOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: OfferPatch & { id: string }) =>
      api<{ offer: VendorOffer }>(`/api/vendor/offers/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }).then((r) => r.offer),
    meta: CHANGES_CATALOGUE,
    onSuccess: (offer) => {
      queryClient.setQueryData<{ items: VendorOffer[] }>(vendorOfferKeys.list(), (data) =>
        data ? { items: data.items.map((o) => (o.id === offer.id ? offer : o)) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: vendorOfferKeys.all });
    },
  });
}
