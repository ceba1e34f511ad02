import {
  LIST_FILTERS,
  FILTER_LABELS,
  listStateToParams,
  type ListFilter,
  type ProductListState,
  type ProductSort,
} from '~/shared/catalogue';
import { CATEGORIES, type Category } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { ProductFacetsResponse } from '~/shared/schemas/catalogue';
import { formatCount } from '~/web/lib/format';

/**
 * Pure helpers of a product list: every change to filters, sort, page or category is a new
 * ProductListState, and the URL is written from it (the URL is the only place the state lives).
 */

/** `products`: /products and /category/{c} (category in the path); `search`: /search?q=…&category=… */
export type ListMode = 'products' | 'search';

/** The most a price box accepts (the API refuses more). */
export const MAX_PRICE_RUPEES = 10_000_000;

/** Filters that describe a computer and those that describe a display panel. */
const COMPUTER_FILTERS: readonly ListFilter[] = ['ram', 'storage', 'cpu'];
const MONITOR_FILTERS: readonly ListFilter[] = ['resolution', 'panel', 'refresh'];

/** Filters that make sense in each category; the others are dropped when switching to it. */
export const CATEGORY_FILTERS: Record<Category, readonly ListFilter[]> = {
  Laptop: LIST_FILTERS.filter((f) => !MONITOR_FILTERS.includes(f)),
  Desktop: LIST_FILTERS.filter((f) => !MONITOR_FILTERS.includes(f)),
  Monitor: LIST_FILTERS.filter((f) => !COMPUTER_FILTERS.includes(f)),
};

/** The category of the search page (`/search?q=…&category=Laptop`); junk is ignored. */
export function searchCategory(params: URLSearchParams): Category | null {
  const value = params.get('category');
  return CATEGORIES.find((c) => c === value) ?? null;
}

/** The address of a list state: path plus query string, short (defaults left out). */
export function listHref(state: ProductListState, mode: ListMode): string {
  const params = listStateToParams(state);
  if (mode === 'search') {
    if (state.category) params.set('category', state.category);
    const query = params.toString();
    return query ? `/search?${query}` : '/search';
  }
  const query = params.toString();
  const path = state.category ? paths.category(state.category) : paths.products;
  return query ? `${path}?${query}` : path;
}

/** Adds or removes one value of a list filter; back to page 1. */
export function toggleFilterValue(state: ProductListState, key: ListFilter, value: string): ProductListState {
  const current = state.filters[key];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...state, filters: { ...state.filters, [key]: next }, page: 1 };
}

export function setPriceRange(state: ProductListState, priceMin: number | null, priceMax: number | null): ProductListState {
  return { ...state, priceMin, priceMax, page: 1 };
}

export function setInStock(state: ProductListState, inStock: boolean): ProductListState {
  return { ...state, inStock, page: 1 };
}

export function setSort(state: ProductListState, sort: ProductSort): ProductListState {
  return { ...state, sort, page: 1 };
}

export function setPage(state: ProductListState, page: number): ProductListState {
  return { ...state, page: Math.max(1, page) };
}

/** Another category keeps the search, sort, price, stock and those filters that still apply there. */
export function switchCategory(state: ProductListState, category: Category | null): ProductListState {
  if (category === state.category) return { ...state, page: 1 };
  const keep = category ? CATEGORY_FILTERS[category] : LIST_FILTERS;
  const filters = { ...state.filters };
  for (const key of LIST_FILTERS) if (!keep.includes(key)) filters[key] = [];
  return { ...state, category, filters, page: 1 };
}

/** Removes every filter; keeps the search text, the category and the sort. */
export function clearFilters(state: ProductListState): ProductListState {
  const filters = { ...state.filters };
  for (const key of LIST_FILTERS) filters[key] = [];
  return { ...state, filters, priceMin: null, priceMax: null, inStock: false, page: 1 };
}

export function activeFilterCount(state: ProductListState): number {
  const values = LIST_FILTERS.reduce((n, key) => n + state.filters[key].length, 0);
  return values + (state.priceMin !== null || state.priceMax !== null ? 1 : 0) + (state.inStock ? 1 : 0);
}

/** ₹1,25,000 (whole rupees, Indian grouping). */
export function formatRupees(rupees: number): string {
  return `₹${formatCount(rupees)}`;
}

/** How a value reads when the facets do not give its label (e.g. a value from a shared link). */
export function fallbackValueLabel(key: ListFilter, value: string): string {
  const n = Number(value);
  switch (key) {
    case 'ram':
      return `${value} GB`;
    case 'storage':
      return n >= 1024 && n % 1024 === 0 ? `${n / 1024} TB` : `${value} GB`;
    case 'size':
      return `${value} inch`;
    case 'refresh':
      return `${value} Hz`;
    default:
      return value;
  }
}

export function priceRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${formatRupees(min)} – ${formatRupees(max)}`;
  if (min !== null) return `${formatRupees(min)} and above`;
  if (max !== null) return `Up to ${formatRupees(max)}`;
  return 'Any price';
}

export interface FilterChip {
  /** Unique within the list, e.g. 'brand:Dell'. */
  id: string;
  /** What the chip says, e.g. 'Brand: Dell'. */
  label: string;
  /** The state without this filter. */
  without: ProductListState;
}

/** One chip per chosen filter value, in the order of the filter panel, each with the state that removes it. */
export function activeChips(
  state: ProductListState,
  facets?: ProductFacetsResponse['facets'],
  options: { showQuery?: boolean } = {},
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (options.showQuery && state.q) chips.push({ id: 'q', label: `Search: “${state.q}”`, without: { ...state, q: '', page: 1 } });
  for (const key of LIST_FILTERS) {
    for (const value of state.filters[key]) {
      const label = facets?.[key].find((f) => f.value === value)?.label ?? fallbackValueLabel(key, value);
      chips.push({ id: `${key}:${value}`, label: `${FILTER_LABELS[key]}: ${label}`, without: toggleFilterValue(state, key, value) });
    }
  }
  if (state.priceMin !== null || state.priceMax !== null) {
    chips.push({
      id: 'price',
      label: `Price: ${priceRangeLabel(state.priceMin, state.priceMax)}`,
      without: setPriceRange(state, null, null),
    });
  }
  if (state.inStock) chips.push({ id: 'in_stock', label: 'In stock only', without: setInStock(state, false) });
  return chips;
}

function parseRupees(text: string): number | null | 'invalid' {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,9}$/.test(cleaned)) return 'invalid';
  return Number(cleaned);
}

export type PriceInputResult = { ok: true; min: number | null; max: number | null } | { ok: false; field: 'min' | 'max'; message: string };

/** Checks the custom price boxes before they go into the URL: whole rupees, min not above max. */
export function validatePriceInputs(minText: string, maxText: string): PriceInputResult {
  const min = parseRupees(minText);
  const max = parseRupees(maxText);
  if (min === 'invalid') return { ok: false, field: 'min', message: 'Enter the minimum price in whole rupees, like 40000' };
  if (max === 'invalid') return { ok: false, field: 'max', message: 'Enter the maximum price in whole rupees, like 80000' };
  if (min !== null && min > MAX_PRICE_RUPEES)
    return { ok: false, field: 'min', message: `The minimum price can be at most ${formatRupees(MAX_PRICE_RUPEES)}` };
  if (max !== null && max > MAX_PRICE_RUPEES)
    return { ok: false, field: 'max', message: `The maximum price can be at most ${formatRupees(MAX_PRICE_RUPEES)}` };
  if (min !== null && max !== null && min > max)
    return { ok: false, field: 'max', message: 'The maximum price must not be below the minimum price' };
  return { ok: true, min, max };
}

/** Page links to show: the first, the last, the current one and its neighbours, with gaps between. */
export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  // Fill a gap of exactly one page instead of showing "…" for it.
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) result.push(p - 1);
    else if (p - previous > 2) result.push('gap');
    result.push(p);
    previous = p;
  }
  return result;
}

/** "1 product", "248 products" */
export function productCountLabel(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'product' : 'products'}`;
}
