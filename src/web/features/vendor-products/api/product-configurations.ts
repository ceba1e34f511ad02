import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationsInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { vendorProductKeys } from './vendor-products';

const url = (id: string) => `/api/vendor/products/${encodeURIComponent(id)}/configurations`;
export const configurationsKey = (id: string) => [...vendorProductKeys.one(id), 'configurations'] as const;

/** One of the vendor's products: the options its category allows, its configurations and the vendor's offer of each. */
export const useConfigurations = (id: string) =>
  useQuery({ queryKey: configurationsKey(id), queryFn: ({ signal }) => api<ConfigurationsResponse>(url(id), { signal }) });

/** Saves the whole grid; the product (its price and stock follow its own configuration) and the lists are fetched again. */
export function useSaveConfigurations(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigurationsInput) => api<ConfigurationsResponse>(url(id), { method: 'PUT', body }),
    meta: CHANGES_CATALOGUE,
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationsKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: vendorProductKeys.all, predicate: (q) => q.queryKey.at(-1) !== 'configurations' });
    },
  });
}
