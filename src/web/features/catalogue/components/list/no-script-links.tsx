import { FILTER_LABELS, LIST_FILTERS, PRODUCT_SORTS, SORT_LABELS, type ProductListState } from '~/shared/catalogue';
import type { ProductFacetsResponse } from '~/shared/schemas/catalogue';
import { activeFilterCount, clearFilters, setInStock, setSort, toggleFilterValue } from './list-state';

const linkClasses = 'text-brand-700 underline';

/**
 * Filters and sorting as plain links, for a shopper (or a crawler) without script (decision 29):
 * the server renders them inside <noscript>, so a browser that runs script never shows them and
 * keeps the checkboxes and the select. Pages are links already.
 */
export function NoScriptLinks({
  state,
  facets,
  href,
}: {
  state: ProductListState;
  facets: ProductFacetsResponse | undefined;
  href: (next: ProductListState) => string;
}) {
  const groups = LIST_FILTERS.map((key) => ({ key, values: facets?.facets[key] ?? [] })).filter((g) => g.values.length > 0);
  return (
    <noscript>
      <div className="mb-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <p>
          <strong>Sort by: </strong>
          {PRODUCT_SORTS.map((sort, i) => (
            <span key={sort}>
              {i > 0 && ' · '}
              {sort === state.sort ? (
                <strong>{SORT_LABELS[sort]}</strong>
              ) : (
                <a className={linkClasses} href={href(setSort(state, sort))}>
                  {SORT_LABELS[sort]}
                </a>
              )}
            </span>
          ))}
        </p>
        <p>
          <strong>Stock: </strong>
          <a className={linkClasses} href={href(setInStock(state, !state.inStock))}>
            {state.inStock ? 'Show sold-out products too' : 'In stock only'}
          </a>
          {activeFilterCount(state) > 0 && (
            <>
              {' · '}
              <a className={linkClasses} href={href(clearFilters(state))}>
                Clear all filters
              </a>
            </>
          )}
        </p>
        {groups.map(({ key, values }) => (
          <p key={key}>
            <strong>{FILTER_LABELS[key]}: </strong>
            {values.map((v, i) => {
              const chosen = state.filters[key].includes(v.value);
              return (
                <span key={v.value}>
                  {i > 0 && ' · '}
                  <a className={linkClasses} href={href(toggleFilterValue(state, key, v.value))}>
                    {chosen ? `${v.label} (chosen; remove)` : `${v.label} (${v.count})`}
                  </a>
                </span>
              );
            })}
          </p>
        ))}
      </div>
    </noscript>
  );
}
