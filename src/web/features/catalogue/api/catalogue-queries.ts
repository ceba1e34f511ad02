import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listStateToApiParams, type ProductListState } from '~/shared/catalogue';
import type {
  CompareResponse,
  DeliveryEstimate,
  HomeResponse,
  ProductCardsResponse,
  ProductDetailResponse,
  ProductFacetsResponse,
  ProductListResponse,
  ReviewsResponse,
} from '~/shared/schemas/catalogue';
import { api } from '~/web/lib/api-client';
import { CATALOGUE_QUERY_ROOT, catalogueRequestCache } from '~/web/lib/catalogue-changes';
import { retryTwiceUnlessRefused } from '~/web/lib/query-client';

const BASE = '/api/catalogue';

/** A public catalogue read: past the browser's HTTP cache for a while after this browser's own change (decision 60). */
function read<T>(path: string, signal: AbortSignal): Promise<T> {
  return api<T>(`${BASE}${path}`, { signal, cache: catalogueRequestCache() });
}

function withoutPage(state: ProductListState): ProductListState {
  return { ...state, page: 1, sort: 'relevance' };
}

export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  list: (state: ProductListState) => [...catalogueKeys.all, 'list', state] as const,
  facets: (state: ProductListState) => [...catalogueKeys.all, 'facets', withoutPage(state)] as const,
  product: (id: string) => [...catalogueKeys.all, 'product', id] as const,
  reviews: (id: string, page: number) => [...catalogueKeys.all, 'reviews', id, page] as const,
  related: (id: string) => [...catalogueKeys.all, 'related', id] as const,
  byIds: (ids: readonly string[]) => [...catalogueKeys.all, 'by-ids', ids] as const,
  compare: (ids: readonly string[]) => [...catalogueKeys.all, 'compare', ids] as const,
  home: () => [...catalogueKeys.all, 'home'] as const,
  delivery: (pin: string, productId: string) => [...catalogueKeys.all, 'delivery', pin, productId] as const,
};

/** One page of products for a list state (filters, search, sort and page from the URL). */
export const productListQueryOptions = (state: ProductListState) =>
  queryOptions({
    queryKey: catalogueKeys.list(state),
    queryFn: ({ signal }) => read<ProductListResponse>(`/products?${listStateToApiParams(state).toString()}`, signal),
    placeholderData: keepPreviousData,
  });

/** Filter values with their counts; sort and page do not change them. */
export const productFacetsQueryOptions = (state: ProductListState) =>
  queryOptions({
    queryKey: catalogueKeys.facets(state),
    queryFn: ({ signal }) => {
      const params = listStateToApiParams(withoutPage(state));
      return read<ProductFacetsResponse>(`/facets?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

/**
 * A product page: the product, its options and every configuration with its sellers' offers. One answer
 * for all its configurations, so choosing one on the page needs no request (`?variant=` is read by the page).
 */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => read<ProductDetailResponse>(`/products/${encodeURIComponent(id)}`, signal),
    retry: retryTwiceUnlessRefused,
  });

export const reviewsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: catalogueKeys.reviews(id, page),
    queryFn: ({ signal }) => read<ReviewsResponse>(`/products/${encodeURIComponent(id)}/reviews?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export const relatedQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.related(id),
    queryFn: ({ signal }) => read<ProductCardsResponse>(`/products/${encodeURIComponent(id)}/related`, signal).then((r) => r.items),
  });

/** Cards of the given products in the given order (recently viewed, wishlist, compare tray); unknown ids are left out. */
export const productsByIdsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: catalogueKeys.byIds(ids),
    queryFn: ({ signal }) =>
      read<ProductCardsResponse>(`/products/by-ids?ids=${ids.map(encodeURIComponent).join(',')}`, signal).then((r) => r.items),
    enabled: ids.length > 0,
  });

export const compareQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: catalogueKeys.compare(ids),
    queryFn: ({ signal }) => read<CompareResponse>(`/compare?ids=${ids.map(encodeURIComponent).join(',')}`, signal),
    enabled: ids.length > 0,
  });

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.home(),
    queryFn: ({ signal }) => read<HomeResponse>('/home', signal),
    staleTime: 60_000,
  });

export const deliveryEstimateQueryOptions = (pin: string, productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.delivery(pin, productId),
    queryFn: ({ signal }) =>
      read<DeliveryEstimate>(`/delivery-estimate?pin=${encodeURIComponent(pin)}&productId=${encodeURIComponent(productId)}`, signal),
    enabled: /^[1-9]\d{5}$/.test(pin),
    retry: false,
  });
