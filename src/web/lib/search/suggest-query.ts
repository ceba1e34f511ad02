import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SuggestResponse } from '~/shared/schemas/catalogue';
import { api } from '~/web/lib/api-client';
import { CATALOGUE_QUERY_ROOT, catalogueRequestCache } from '~/web/lib/catalogue-changes';

/** The key of the search box's suggestions: under the catalogue's keys, so catalogue invalidation covers it. */
export const suggestQueryKey = (q: string) => [...CATALOGUE_QUERY_ROOT, 'suggest', q] as const;

/** Products and categories matching what is typed (the header's search box and the empty-results page). */
export const suggestQueryOptions = (q: string) =>
  queryOptions({
    queryKey: suggestQueryKey(q),
    queryFn: ({ signal }) =>
      api<SuggestResponse>(`/api/catalogue/suggest?q=${encodeURIComponent(q)}`, { signal, cache: catalogueRequestCache() }),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
