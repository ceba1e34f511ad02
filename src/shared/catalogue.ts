import { CATEGORIES, LOW_STOCK_THRESHOLD, type Category } from './constants';
import type { StockStatus } from './schemas/catalogue';

/** Sort orders of product lists; `relevance` means best search match (or best sellers without a query). */
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest first',
  rating: 'Customer rating',
  discount: 'Biggest discount',
};

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 48;
export const MAX_PAGE = 1000;
export const MAX_QUERY_LENGTH = 200;
export const MAX_COMPARE = 4;

/**
 * Searches the shop suggests when a search finds nothing (the list answer's `suggestions`) and on
 * empty lists; each finds products in the demo catalogue.
 */
export const POPULAR_SEARCHES: readonly string[] = [
  'ThinkPad',
  'MacBook Air',
  'Gaming laptop',
  '27 inch 4K monitor',
  '16GB RAM laptop',
  'Dell monitor',
];

/**
 * Filters that take a list of values (comma-separated in the URL: `brand=Dell,HP`).
 * Within one filter the values are alternatives (OR); different filters narrow (AND).
 */
export const LIST_FILTERS = ['brand', 'ram', 'storage', 'cpu', 'size', 'resolution', 'panel', 'refresh'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const FILTER_LABELS: Record<ListFilter, string> = {
  brand: 'Brand',
  ram: 'RAM',
  storage: 'Storage',
  cpu: 'Processor',
  size: 'Screen size',
  resolution: 'Resolution',
  panel: 'Panel type',
  refresh: 'Refresh rate',
};

/** The state of a product list, exactly what the URL holds. Prices are whole rupees. */
export interface ProductListState {
  q: string;
  category: Category | null;
  filters: Record<ListFilter, string[]>;
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  sort: ProductSort;
  page: number;
}

export function emptyFilters(): Record<ListFilter, string[]> {
  return { brand: [], ram: [], storage: [], cpu: [], size: [], resolution: [], panel: [], refresh: [] };
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/** Reads list state from URL parameters, forgiving junk (the server is the one that refuses it). */
export function parseListState(params: URLSearchParams, category: Category | null = null): ProductListState {
  const filters = emptyFilters();
  for (const key of LIST_FILTERS) {
    const raw = params.get(key);
    if (raw)
      filters[key] = raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
  }
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    category,
    filters,
    priceMin: positiveInt(params.get('price_min')),
    priceMax: positiveInt(params.get('price_max')),
    inStock: params.get('in_stock') === 'true',
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : 'relevance',
    page: Math.max(1, positiveInt(params.get('page')) ?? 1),
  };
}

/** Writes list state as URL parameters (defaults left out, so links stay short). Category is in the path. */
export function listStateToParams(state: Omit<ProductListState, 'category'>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const key of LIST_FILTERS) if (state.filters[key].length > 0) params.set(key, state.filters[key].join(','));
  if (state.priceMin !== null) params.set('price_min', String(state.priceMin));
  if (state.priceMax !== null) params.set('price_max', String(state.priceMax));
  if (state.inStock) params.set('in_stock', 'true');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query string of the API calls (`/api/catalogue/products?…`, `/api/catalogue/facets?…`) for a list state. */
export function listStateToApiParams(state: ProductListState): URLSearchParams {
  const params = listStateToParams(state);
  if (state.category) params.set('category', state.category);
  return params;
}

export function discountPercent(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= pricePaise || mrpPaise <= 0) return 0;
  return Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise);
}

export { CATEGORIES };

/** Widths the media route serves; srcset lists these. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** URL of a product image resized to a width and encoded in a format: `/media/products/{id}/{width}.{ext}`. */
export function productImageUrl(imageId: string, width: ImageWidth, format: ImageFormat = 'webp'): string {
  return `/media/products/${encodeURIComponent(imageId)}/${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/**
 * The address of one of the shop's pictures outside the shop: its largest JPEG at PUBLIC_URL. A
 * seller's products export lists it in `picture_urls` for a picture the seller uploaded (decision 61).
 */
export function publicPictureAddress(publicUrl: string, imageId: string): string {
  return `${publicUrl.replace(/\/$/, '')}${productImageUrl(imageId, 1280, 'jpeg')}`;
}

/**
 * Whether an address names one of these pictures (decision 61): the address it was fetched from,
 * or the shop's own address of it at any width and format (`${PUBLIC_URL}/media/products/<id>/<file>`).
 */
export function isAddressOfPicture(
  publicUrl: string,
  address: string,
  pictures: readonly { id: string; sourceUrl: string | null }[],
): boolean {
  if (pictures.some((p) => p.sourceUrl === address)) return true;
  let url: URL;
  let shop: URL;
  try {
    url = new URL(address);
    shop = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.origin !== shop.origin) return false;
  const prefix = shop.pathname.replace(/\/$/, '');
  const match = /^\/media\/products\/([^/]+)\/[^/]+$/.exec(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '');
  if (!match) return false;
  const id = decodeURIComponent(match[1]!);
  return pictures.some((p) => p.id === id);
}

/** A `srcset` of one format over the widths up to `maxWidth`. */
export function productImageSrcSet(imageId: string, format: ImageFormat, maxWidth: ImageWidth = 1280): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${productImageUrl(imageId, w, format)} ${w}w`)
    .join(', ');
}

/** What a shopper is told of a stock: in stock, only a few left (at most LOW_STOCK_THRESHOLD), or sold out. */
export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return 'out_of_stock';
  return stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

/** The names of the options sellers use (decision 70), as the product page's picker and the seller centre show them. */
const OPTION_LABELS: Record<string, string> = {
  processor: 'Processor',
  ram: 'RAM',
  storage: 'Storage',
  graphics: 'Graphics',
  colour: 'Colour',
  size: 'Screen size',
  screen: 'Screen',
  resolution: 'Resolution',
  refresh: 'Refresh rate',
  os: 'Operating system',
};

/** The name of an option ("RAM"); another key is shown capitalised. */
export function optionLabel(key: string): string {
  return OPTION_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/[_-]+/g, ' ');
}

/**
 * A configuration's options with their names, in the product's order (its option keys first, then any
 * other key it has): `[{ option: 'RAM', value: '32 GB' }, { option: 'Storage', value: '1 TB SSD' }]`;
 * empty for a product of one configuration.
 */
export function variantConfiguration(options: Record<string, string>, keys: readonly string[]): { option: string; value: string }[] {
  const ordered = [...keys.filter((k) => k in options), ...Object.keys(options).filter((k) => !keys.includes(k))];
  return ordered.map((k) => ({ option: optionLabel(k), value: options[k]! }));
}

/**
 * A line's name for the configuration it buys (decision 70): the product's name and the configuration's option
 * values, "ThinkPad E16 (32 GB, 1 TB SSD)"; a product of one configuration (no options) keeps its name. The cart,
 * the checkout and the order line (so its invoice, e-mails and the seller's packing list) name it so, the values in the
 * order of the product's options.
 */
export function configurationName(
  name: string,
  options: Readonly<Record<string, string>> | null | undefined,
  /** The product's option keys, in the picker's order ("HP 15 (Core i5-1334U, 16 GB)"); other keys follow. */
  keys: readonly string[] = [],
): string {
  const present = options ? Object.keys(options) : [];
  const ordered = [...keys.filter((k) => present.includes(k)), ...present.filter((k) => !keys.includes(k))];
  const values = ordered.map((k) => options![k]!);
  return values.length > 0 ? `${name} (${values.join(', ')})` : name;
}
