import { LIST_FILTERS, type ListFilter, type ProductListState } from '~/shared/catalogue';
import type { ProductFacetsResponse } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';
import { Skeleton } from '~/web/components/ui/feedback';
import { FacetGroup, OptionCount, optionName } from './facet-group';
import { activeFilterCount, CATEGORY_FILTERS, setInStock, setPriceRange, toggleFilterValue } from './list-state';
import { PriceFilter } from './price-filter';
import { usePendingValue } from './use-pending-value';

/** Filters that start unfolded: the ones that matter most in the category (all but the display ones without one). */
function opensFolded(state: ProductListState, key: ListFilter): boolean {
  return !(state.category ? CATEGORY_FILTERS[state.category] : CATEGORY_FILTERS.Laptop).includes(key);
}

/** A filter shows when it has values to offer here, or when something in it is chosen. */
export function visibleFilters(state: ProductListState, facets: ProductFacetsResponse | undefined): ListFilter[] {
  return LIST_FILTERS.filter((key) => state.filters[key].length > 0 || (facets?.facets[key].length ?? 0) > 0);
}

interface FilterPanelProps {
  state: ProductListState;
  facets: ProductFacetsResponse | undefined;
  /** The facets could not be loaded. */
  error?: boolean;
  onRetry?: () => void;
  onChange: (next: ProductListState) => void;
}

/** Every filter of a list: stock, brand, price, then the specifications, each value with its count. */
export function FilterPanel({ state, facets, error = false, onRetry, onChange }: FilterPanelProps) {
  const [inStockShown, setInStockShown] = usePendingValue(state.inStock, String(state.inStock));
  if (!facets) {
    if (error) {
      return (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>The filters could not be loaded.</p>
          {onRetry && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
              Retry
            </Button>
          )}
        </div>
      );
    }
    return (
      <div role="status" aria-label="Loading filters" className="space-y-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    );
  }

  if (facets.total === 0 && activeFilterCount(state) === 0) {
    return <p className="text-sm text-slate-600">Nothing here to filter.</p>;
  }

  const [first, ...rest] = visibleFilters(state, facets);
  const group = (key: ListFilter) => (
    <FacetGroup
      key={key}
      filter={key}
      values={facets.facets[key]}
      selected={state.filters[key]}
      defaultOpen={!opensFolded(state, key)}
      onToggle={(value) => onChange(toggleFilterValue(state, key, value))}
    />
  );
  const inStockDisabled = facets.inStockCount === 0 && !inStockShown;
  return (
    <div className="space-y-4">
      <label className="filter-option">
        <input
          type="checkbox"
          className="checkbox"
          checked={inStockShown}
          disabled={inStockDisabled}
          aria-label={optionName('In stock only', facets.inStockCount)}
          onChange={(e) => {
            setInStockShown(e.target.checked);
            onChange(setInStock(state, e.target.checked));
          }}
        />
        <span className="font-medium">In stock only</span>
        <OptionCount count={facets.inStockCount} />
      </label>
      {first === 'brand' && group(first)}
      <PriceFilter
        priceMin={state.priceMin}
        priceMax={state.priceMax}
        buckets={facets.price.buckets}
        range={{ min: facets.price.min, max: facets.price.max }}
        onChange={(min, max) => onChange(setPriceRange(state, min, max))}
      />
      {first !== undefined && first !== 'brand' && group(first)}
      {rest.map(group)}
    </div>
  );
}
