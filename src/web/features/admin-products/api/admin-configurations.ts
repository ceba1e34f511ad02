import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationsInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { adminProductKeys } from './admin-products-queries';

const url = (id: string) => `/api/admin/products/${encodeURIComponent(id)}/configurations`;
const key = (id: string) => [...adminProductKeys.one(id), 'configurations'] as const;

/** Any product's configurations with its seller's offer of each and the other sellers' offers. */
export const useAdminConfigurations = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api<ConfigurationsResponse>(url(id), { signal }) });

/** Saves a product's grid for its seller (audited as the admin's); the product's form and the lists are fetched again. */
export function useSaveAdminConfigurations(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigurationsInput) => api<ConfigurationsResponse>(url(id), { method: 'PUT', body }),
    meta: CHANGES_CATALOGUE,
    onSuccess: (saved) => {
      queryClient.setQueryData(key(id), saved);
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all, predicate: (q) => q.queryKey.at(-1) !== 'configurations' });
    },
  });
}
