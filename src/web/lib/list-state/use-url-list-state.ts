import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { listDefaults, listParamsOf, parseListParams, type ListSchema } from './list-params';

/**
 * The filters, sort and page of a back-office list, kept in the URL (the only place they live) and
 * parsed with the same zod query schema the server uses. `set` changes some of them: any change but
 * the page goes back to page 1; each change is a history entry, so Back undoes it.
 */
export function useUrlListState<S extends ListSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => parseListParams(schema, new URLSearchParams(search)), [schema, search]);
  const defaults = useMemo(() => listDefaults(schema) as Record<string, unknown>, [schema]);

  const set = useCallback(
    (changes: Partial<z.output<S>>, options: { replace?: boolean } = {}) => {
      const keys = Object.keys(changes);
      const next: Record<string, unknown> = { ...state, ...changes };
      if (keys.some((k) => k !== 'page') && !keys.includes('page')) delete next.page;
      setParams(listParamsOf(schema, next), { replace: options.replace ?? false });
    },
    [schema, state, setParams],
  );

  /** Back to the list as it opens: no filters, default sort, first page. */
  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  /** Whether any filter (anything but page, page size and sort) differs from the defaults. */
  const filtered = Object.keys(schema.shape).some(
    (k) => !['page', 'pageSize', 'sort'].includes(k) && (state as Record<string, unknown>)[k] !== defaults[k],
  );

  return { state, set, reset, filtered };
}
