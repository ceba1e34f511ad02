import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductsQuery, AdminProductsResponse, ProductsActionResponse } from '~/shared/schemas/catalogue-admin';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export type AdminProductsFilter = Partial<AdminProductsQuery>;

/** Every query of Manage Products starts with `all`: a write that invalidates it refreshes lists, brands and products. */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  one: (id: string) => [...adminProductKeys.all, 'one', id] as const,
  brands: (q?: string) => [...adminProductKeys.all, 'brands', q ?? ''] as const,
};
const keys = adminProductKeys;

/** The filter as a query string, `?…` or '' (the list takes it with its page, its CSV export without). */
export function productsSearch(filter: AdminProductsFilter, withPage = true): string {
  return queryString(withPage ? filter : { ...filter, page: undefined, pageSize: undefined });
}

/** One page of every vendor's products for the filter in the address. */
export const adminProductsQueryOptions = (filter: AdminProductsFilter) =>
  queryOptions({
    queryKey: [...keys.all, filter] as const,
    queryFn: ({ signal }) => api<AdminProductsResponse>(`/api/admin/products${productsSearch(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type ProductStep = 'hide' | 'restore' | 'feature' | 'unfeature';

/** Hides (with the reason the vendor reads), restores, features or unfeatures products. */
export function useProductStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, ids, reason }: { step: ProductStep; ids: string[]; reason?: string }) =>
      api<ProductsActionResponse>(`/api/admin/products/${step}`, { method: 'POST', body: step === 'hide' ? { ids, reason } : { ids } }),
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, keys.all),
  });
}
