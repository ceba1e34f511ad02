import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorProductsQuery, VendorProductsResponse } from '~/shared/schemas/catalogue';
import type { ImportPreview, OwnProduct, ProductInput } from '~/shared/schemas/vendor-products';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

/** The list state as the API's query string (the server applies the same defaults). */

export const vendorProductKeys = {
  all: ['vendor', 'products'] as const,
  list: (q: Partial<VendorProductsQuery>) => [...vendorProductKeys.all, 'list', q] as const,
  one: (id: string) => [...vendorProductKeys.all, 'one', id] as const,
};

/** One page of the vendor's own products (the vendor is the session's). */
export const vendorProductsQueryOptions = (q: Partial<VendorProductsQuery>) =>
  queryOptions({
    queryKey: vendorProductKeys.list(q),
    queryFn: ({ signal }) => api<VendorProductsResponse>(`/api/vendor/products${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useVendorProducts = (q: Partial<VendorProductsQuery>) => useQuery(vendorProductsQueryOptions(q));

/** One of the vendor's products, as its edit form needs it. */
export const useOwnProduct = (id: string) =>
  useQuery({
    queryKey: vendorProductKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ product: OwnProduct }>(`/api/vendor/products/${encodeURIComponent(id)}`, { signal }).then((r) => r.product),
  });

/**
 * After any product write every list of the vendor's products is fetched again, and the product itself
 * is the answer's. The lists are not waited for: a stock changed in place can take the row (and its
 * field, which says it is saved) out of a list filtered by stock (see refetchWithoutWaiting); the forms
 * need only the answer.
 */
function useProductWrite<V>(request: (values: V) => Promise<OwnProduct>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: CHANGES_CATALOGUE,
    onSuccess: (product) => {
      queryClient.setQueryData(vendorProductKeys.one(product.id), product);
      void queryClient.invalidateQueries({ queryKey: [...vendorProductKeys.all, 'list'] });
    },
  });
}

export const useCreateProduct = () =>
  useProductWrite((values: ProductInput) =>
    api<{ product: OwnProduct }>('/api/vendor/products', { method: 'POST', body: values }).then((r) => r.product),
  );

export const useUpdateProduct = (id: string) =>
  useProductWrite((values: ProductInput) =>
    api<{ product: OwnProduct }>(`/api/vendor/products/${encodeURIComponent(id)}`, { method: 'PUT', body: values }).then((r) => r.product),
  );

/** An inline change of price (rupees as typed), stock or status from the list. */
export const usePatchProduct = () =>
  useProductWrite(
    ({ id, ...patch }: { id: string; price?: string; stock?: number; stockWas?: number; status?: 'draft' | 'active' | 'archived' }) =>
      api<{ product: OwnProduct }>(`/api/vendor/products/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }).then(
        (r) => r.product,
      ),
  );

/** Puts several products on sale or archives them; the bar goes with the chosen rows leaving a list filtered by status. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; status: 'active' | 'archived' }) =>
      api<{ updated: number; ids: string[] }>('/api/vendor/products/status', { method: 'POST', body: input }),
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, vendorProductKeys.all),
  });
}

/** Sends a CSV file as the body (the preview and the import take the file as it is); a refusal becomes ApiError. */
export async function csvRequest(path: string, csv: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body: csv,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string; fields?: Record<string, string> };
    } | null;
    throw new ApiError(
      response.status,
      data?.error?.code ?? 'INTERNAL',
      data?.error?.message ?? `The shop answered with an error (${response.status}).`,
      data?.error?.fields,
    );
  }
  return response;
}

/** What importing the CSV would do, row by row; nothing is written. */
export async function previewImport(csv: string): Promise<ImportPreview> {
  return (await csvRequest('/api/vendor/products/import/preview', csv)).json() as Promise<ImportPreview>;
}
