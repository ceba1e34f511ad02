import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductDetail } from '~/shared/schemas/catalogue-admin';
import type { ProductInput } from '~/shared/schemas/vendor-products';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { adminProductKeys } from './admin-products-queries';

const productUrl = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

/** Any seller's product as the seller centre's form needs it, with its seller and featured time. */
export const adminProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminProductKeys.one(id),
    queryFn: ({ signal }) => api<AdminProductDetail>(productUrl(id), { signal }),
  });

/** Saves the form as the admin (the server validates it as the seller's save and audits it as the admin's). */
export function useSaveAdminProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProductInput) => api<AdminProductDetail>(productUrl(id), { method: 'PATCH', body: values }),
    meta: CHANGES_CATALOGUE,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminProductKeys.one(id), detail);
      // The lists and brand counts change with it; the product itself is the answer's.
      return queryClient.invalidateQueries({ queryKey: adminProductKeys.all, predicate: (q) => q.queryKey[2] !== 'one' });
    },
  });
}
