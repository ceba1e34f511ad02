import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  isImportOrPicturesUnderWay,
  type ProductImportDetail,
  type ProductImportsQuery,
  type ProductImportsResponse,
} from '~/shared/schemas/product-imports';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';
import { csvRequest } from './vendor-products';

/** How often an import under way is asked about again (the server reports progress every 250 rows). */
export const IMPORT_POLL_MS = 1_000;

export const productImportKeys = {
  all: ['vendor', 'imports'] as const,
  list: (q: Partial<ProductImportsQuery>) => [...productImportKeys.all, 'list', q] as const,
  one: (id: string) => [...productImportKeys.all, 'one', id] as const,
};

/** One page of the vendor's imports, newest first (without the rows each left out); asked again every second while one of them, or its pictures, is under way. */
export const productImportsQueryOptions = (q: Partial<ProductImportsQuery>) =>
  queryOptions({
    queryKey: productImportKeys.list(q),
    queryFn: ({ signal }) => api<ProductImportsResponse>(`/api/vendor/products/imports${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isImportOrPicturesUnderWay) ? IMPORT_POLL_MS : false),
  });
export const useProductImports = (q: Partial<ProductImportsQuery>) => useQuery(productImportsQueryOptions(q));

/** One import, its progress and the rows it leaves out and why. */
export const productImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productImportKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ import: ProductImportDetail }>(`/api/vendor/products/imports/${encodeURIComponent(id)}`, { signal }).then((r) => r.import),
  });

/** One import and its progress, asked again every second until it is done or failed and its pictures are fetched. */
export const useProductImport = (id: string | null) =>
  useQuery({
    ...productImportQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isImportOrPicturesUnderWay(query.state.data) ? false : IMPORT_POLL_MS),
  });

/** Queues the import of a CSV: the server checks the file at once (a refusal is an ApiError) and answers with the queued import. */
export async function queueImport(csv: string, fileName: string): Promise<ProductImportDetail> {
  const response = await csvRequest(`/api/vendor/products/import?fileName=${encodeURIComponent(fileName)}`, csv);
  return ((await response.json()) as { import: ProductImportDetail }).import;
}
