import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseListState, type ProductListState } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { listHref, searchCategory, type ListMode } from './list-state';

/**
 * The list state of the current address, and `go` to change it. Changes push a history entry
 * (so Back undoes a filter); `replace` is for corrections the shopper did not ask for.
 */
export function useListState(mode: ListMode, pathCategory: Category | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  const state = useMemo(() => {
    const current = new URLSearchParams(search);
    return parseListState(current, mode === 'search' ? searchCategory(current) : pathCategory);
  }, [search, mode, pathCategory]);
  const go = useCallback(
    (next: ProductListState, options: { replace?: boolean } = {}) => {
      void navigate(listHref(next, mode), { replace: options.replace ?? false });
    },
    [navigate, mode],
  );
  const href = useCallback((next: ProductListState) => listHref(next, mode), [mode]);
  return { state, go, href };
}
