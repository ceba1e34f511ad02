import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { breadcrumbs } from '~/shared/breadcrumbs';
import type { Category } from '~/shared/constants';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert, ErrorState } from '~/web/components/ui/feedback';
import { Spinner } from '~/web/components/ui/spinner';
import { isApiError } from '~/web/lib/api-client';
import { productFacetsQueryOptions, productListQueryOptions } from '../../api/catalogue-queries';
import { Breadcrumbs } from '../breadcrumbs';
import { ActiveFilters } from './active-filters';
import { CategoryTabs } from './category-tabs';
import { EmptyResults } from './empty-results';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel } from './filter-panel';
import { ListPagination } from './list-pagination';
import { NoScriptLinks } from './no-script-links';
import { activeChips, activeFilterCount, clearFilters, productCountLabel, setPage, setSort, type ListMode } from './list-state';
import { CompareTray } from '../compare/compare-tray';
import { ResultsGrid, ResultsSkeleton } from './results-grid';
import { SortSelect } from './sort-select';
import { useListState } from './use-list-state';

interface ProductListScreenProps {
  mode: ListMode;
  /** The category in the path (/category/Laptop); the search page reads its own from `?category=`. */
  category?: Category | null;
  title: string;
}

/**
 * The product list of /products, /category/{c} and /search: tabs, filters (sidebar on wide screens,
 * drawer on phones), chips, sort, the grid and pages. Everything it shows follows the URL.
 */
export function ProductListScreen({ mode, category = null, title }: ProductListScreenProps) {
  const { state, go, href } = useListState(mode, category);
  const list = useQuery(productListQueryOptions(state));
  const facets = useQuery(productFacetsQueryOptions(state));
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = { filters: useId(), results: useId() };

  const data = list.data;
  const stale = list.isPlaceholderData;
  const chips = activeChips(state, facets.data?.facets, { showQuery: mode === 'products' });
  const filtered = activeFilterCount(state) > 0;

  // A page past the end (an old link, fewer products now): show the last page instead.
  useEffect(() => {
    if (data && !stale && data.total > 0 && state.page > data.pageCount) go(setPage(state, data.pageCount), { replace: true });
  }, [data, stale, state, go]);

  // Another page of results starts at its top.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current !== state.page) {
      shownPage.current = state.page;
      window.scrollTo(0, 0);
    }
  }, [state.page]);

  const focusResults = () => resultsHeadingRef.current?.focus();

  let status: string;
  if (data) status = productCountLabel(data.total);
  else if (list.isError) status = 'Products could not be loaded';
  else status = 'Loading products…';

  const trail = mode === 'search' ? breadcrumbs.search(state.q.trim()) : category ? breadcrumbs.category(category) : breadcrumbs.products();

  return (
    <div>
      <Breadcrumbs trail={trail} />
      <div className="mb-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 flex items-center gap-2 text-slate-600">
          <span role="status">{status}</span>
          {stale && list.isFetching && <Spinner className="size-4 text-brand-600" />}
        </p>
      </div>

      {data?.correctedQuery && state.q && (
        <Alert tone="info" className="mb-4">
          Showing results for <strong>{data.correctedQuery}</strong> — no matches for “{state.q}”.
        </Alert>
      )}

      <CategoryTabs state={state} href={href} />

      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-labelledby={ids.filters} className="hidden lg:block">
          <h2 id={ids.filters} className="mb-3 text-lg font-semibold text-slate-900">
            Filters
          </h2>
          <FilterPanel state={state} facets={facets.data} error={facets.isError} onRetry={() => void facets.refetch()} onChange={go} />
        </aside>

        <section aria-labelledby={ids.results} className="min-w-0">
          <h2 id={ids.results} ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
            Products
          </h2>
          <NoScriptLinks state={state} facets={facets.data} href={href} />
          {/* On a phone: Filters and Sort side by side, half the width each; on a wide screen only Sort, on the right. */}
          <div className="mb-4 grid grid-cols-2 items-center gap-2 lg:flex lg:justify-end">
            <FilterDrawer state={state} onApply={go} />
            <SortSelect value={state.sort} hasQuery={state.q !== ''} onChange={(sort) => go(setSort(state, sort))} />
          </div>
          <ActiveFilters chips={chips} onChange={go} onClearAll={() => go(clearFilters(state))} onEmpty={focusResults} />

          {data && !(data.total > 0 && data.items.length === 0) ? (
            data.total === 0 ? (
              <EmptyResults
                q={state.q}
                filtered={filtered}
                categoryLabel={state.category ? CATEGORY_LABELS[state.category] : null}
                onClearFilters={() => go(clearFilters(state))}
              />
            ) : (
              <>
                <ResultsGrid items={data.items} stale={stale} />
                <ListPagination
                  page={data.page}
                  pageSize={data.pageSize}
                  total={data.total}
                  pageCount={data.pageCount}
                  pageHref={(page) => href(setPage(state, page))}
                />
              </>
            )
          ) : list.isError ? (
            <ListError error={list.error} onRetry={() => void list.refetch()} clearHref={filtered ? href(clearFilters(state)) : null} />
          ) : (
            <ResultsSkeleton />
          )}
        </section>
      </div>
      <CompareTray />
    </div>
  );
}

/** A refused request (a bad filter in a shared link) offers to clear the filters; anything else offers Retry. */
function ListError({ error, onRetry, clearHref }: { error: unknown; onRetry: () => void; clearHref: string | null }) {
  const refused = isApiError(error) && error.status === 400;
  return (
    <div className="space-y-3">
      <ErrorState
        title={refused ? 'These filters could not be used' : 'Products could not be loaded'}
        error={error}
        onRetry={refused ? undefined : onRetry}
      />
      {refused && clearHref && (
        <p className="text-center">
          <ButtonLink to={clearHref}>Clear all filters</ButtonLink>
        </p>
      )}
    </div>
  );
}
