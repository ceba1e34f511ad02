import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBrandsResponse, RenameBrandInput, RenameBrandResponse } from '~/shared/schemas/catalogue-admin';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { adminProductKeys } from './admin-products-queries';

/** The brand names of the catalogue (containing `q` when given) with how many products carry each. */
export const adminBrandsQueryOptions = (q?: string) =>
  queryOptions({
    queryKey: adminProductKeys.brands(q),
    queryFn: ({ signal }) =>
      api<AdminBrandsResponse>(`/api/admin/products/brands${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Renames a brand on every product carrying it; a name already in use merges the two. */
export function useRenameBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenameBrandInput) => api<RenameBrandResponse>('/api/admin/products/brands/rename', { method: 'POST', body: input }),
    meta: CHANGES_CATALOGUE,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
  });
}
