import { quantityLimitsOf } from '~/shared/quantity-limits';
import { RETURN_WINDOW_DAYS } from '~/shared/orders';
import { makerRoleOf, returnTermsOf } from '~/shared/seller-details';
import { mergedTargets } from './product-merge.admin.repo';
import { discountPercent, LIST_FILTERS, MAX_COMPARE, POPULAR_SEARCHES, type ListFilter } from '~/shared/catalogue';
import { stockStatus } from '~/shared/catalogue';
import type { Category, ProductStatus } from '~/shared/constants';
import { addWorkingDays, deliveryZone } from '~/shared/delivery';
import { formatPaise } from '~/shared/money';
import type {
  CompareResponse,
  DeliveryEstimate,
  FacetValue,
  HomeResponse,
  ProductCard,
  ProductDetail,
  ProductDetailResponse,
  ProductFacetsQuery,
  ProductFacetsResponse,
  ProductListQuery,
  ProductListResponse,
  SpecRow,
  SuggestResponse,
} from '~/shared/schemas/catalogue';
import type { Database, Executor } from '../../db/client';
import type { ReadSource } from '../../db/read-replica';
import { AppError } from '../../lib/app-error';
import { readOnce } from '../../lib/read-once';
import * as repo from './catalogue.repo';
import * as stockCounts from './stock-counts.repo';
import * as inventory from './inventory.repo';
import { productVariants, variantSpecRows } from './product-variants';
import { prefixTsQuery, searchWords } from './search-query';

/** A product page's reads before a configuration is chosen. */
interface ProductPageData {
  product: ProductDetail;
  optionKeys: string[];
  variants: repo.VariantRow[];
}

const PRODUCT_NOT_FOUND = 'This product does not exist or is no longer sold.';

/**
 * "15.6 inch", as the specification table and the search's examples say it: a screen reader reads
 * "15.6″" as "15.6 double prime", and that one character made every answer carrying it a two-byte
 * string, slower to write as JSON and to send (~35 µs of a list request on a slow day).
 */
function sizeLabel(inches: number | null): string | null {
  return inches === null ? null : `${Number(inches)} inch`;
}

export function storageLabel(gb: number): string {
  return gb >= 1000 && gb % 1024 === 0 ? `${gb / 1024} TB` : gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`;
}

/** `a`, `b` or both joined by `separator` (empty parts left out). */
function both(a: string | null | undefined, b: string | null | undefined, separator: string): string {
  return a && b ? `${a}${separator}${b}` : a || b || '';
}

/**
 * Three or four short specs for a card. A list of 24 cards calls this 24 times per request, so it
 * puts its strings together directly rather than through arrays (it made 18 KB of garbage a list).
 */
export function keySpecs(row: repo.CardRow): string[] {
  const specs: string[] = [];
  if (row.category === 'Monitor') {
    const display = both(both(sizeLabel(row.screen_size_in), row.resolution_name, ' '), row.resolution && `(${row.resolution})`, ' ');
    if (display) specs.push(display);
    const panel = both(row.panel_type, row.refresh_rate_hz ? `${row.refresh_rate_hz} Hz` : null, ' · ');
    if (panel) specs.push(panel);
    const ports = row.ports;
    if (ports?.length) specs.push(both(ports[0], ports[1], ', '));
    return specs;
  }
  if (row.processor) specs.push(row.processor);
  const storage = row.storage_gb ? both(storageLabel(row.storage_gb), row.storage_type, ' ') : null;
  const memory = both(row.ram_gb ? `${row.ram_gb} GB RAM` : null, storage, ' · ');
  if (memory) specs.push(memory);
  if (row.screen_size_in !== null) specs.push(both(sizeLabel(row.screen_size_in), row.resolution_name, ' '));
  if (row.graphics) specs.push(row.graphics);
  return specs;
}

export function toCard(row: repo.CardRow): ProductCard {
  const card: ProductCard = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category,
    pricePaise: row.price_paise,
    mrpPaise: row.mrp_paise,
    discountPercent: discountPercent(row.price_paise, row.mrp_paise),
    stock: row.stock,
    stockStatus: stockStatus(row.stock),
    ratingAvg: Number(row.rating_avg),
    ratingCount: row.rating_count,
    keySpecs: keySpecs(row),
    image: row.image_id
      ? { id: row.image_id, alt: row.image_alt ?? row.name, width: row.image_width ?? 1200, height: row.image_height ?? 900 }
      : null,
    vendorName: row.vendor_name,
  };
  if (row.variant_count > 1) {
    card.configurations = { count: row.variant_count, fromPaise: row.from_paise };
    if (row.matched_variant_id) card.configurations.variantId = row.matched_variant_id;
    // A card opened on a configuration shows that configuration's own picture, when it has one.
    if (row.matched_image) card.image = row.matched_image;
  }
  return card;
}

/** The specification table of a product, grouped as buyers read it. */
/**
 * The product's table with, for each specification its configurations differ in, every configuration's value in
 * their order ("16 GB / 32 GB"), so that comparing reads the configurations' specifications, not the first one's.
 */
function withConfigurations(table: SpecRow[], configurations: SpecRow[][]): SpecRow[] {
  if (configurations.length < 2) return table;
  const merged = table.map((r) => ({ ...r }));
  const labels = new Map(configurations.flat().map((r) => [`${r.group}\u0000${r.label}`, r]));
  for (const r of labels.values()) {
    const values = [
      ...new Set(configurations.map((c) => c.find((x) => x.group === r.group && x.label === r.label)?.value).filter(Boolean)),
    ];
    if (values.length < 2) continue;
    const value = values.join(' / ');
    const row = merged.find((x) => x.group === r.group && x.label === r.label);
    if (row) row.value = value;
    else merged.push({ group: r.group, label: r.label, value });
  }
  return merged;
}

export function specRows(row: repo.DetailRow): SpecRow[] {
  const rows: SpecRow[] = [];
  const add = (group: string, label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push({ group, label, value: String(value) });
  };
  add('General', 'Brand', row.brand);
  add('General', 'Model', row.model);
  if (row.category !== 'Monitor') {
    add('Performance', 'Processor', row.processor);
    add('Performance', 'RAM', row.ram_gb && `${row.ram_gb} GB`);
    add('Performance', 'Storage', row.storage_gb && `${storageLabel(row.storage_gb)} ${row.storage_type ?? ''}`.trim());
    add('Performance', 'Graphics', row.graphics);
    add('Software', 'Operating system', row.operating_system);
  }
  add('Display', 'Screen size', row.screen_size_in !== null ? `${Number(row.screen_size_in)} inch` : null);
  add('Display', 'Resolution', [row.resolution_name, row.resolution && `(${row.resolution})`].filter(Boolean).join(' '));
  add('Display', 'Panel type', row.panel_type);
  add('Display', 'Refresh rate', row.refresh_rate_hz && `${row.refresh_rate_hz} Hz`);
  add('Connectivity', 'Ports', row.ports?.length ? row.ports.join(', ') : null);
  for (const extra of row.extra_specs ?? []) add('Features', extra.label, extra.value);
  add('Warranty', 'Warranty', row.warranty);
  return rows;
}

function toDetail(found: NonNullable<Awaited<ReturnType<typeof repo.findVisibleProduct>>>): ProductDetail {
  const { row, images, ratings } = found;
  const breakdown = [0, 0, 0, 0, 0];
  for (const r of ratings) if (r.rating >= 1 && r.rating <= 5) breakdown[r.rating - 1] = r.count;
  return {
    ...toCard(row),
    model: row.model,
    description: row.description,
    images: images.map((i) => ({ id: i.id, alt: i.alt, width: i.width, height: i.height })),
    vendor: { id: row.vendor_id, name: row.vendor_name, city: row.vendor_city },
    specifications: specRows(row),
    warranty: row.warranty,
    warrantyMonths: row.warranty_months,
    hsnCode: row.hsn_code,
    ratingBreakdown: breakdown,
    origin: {
      country: row.origin_country,
      makerRole: makerRoleOf(row.origin_country),
      makerName: row.maker_name,
      makerAddress: row.maker_address,
    },
    quantityLimits: quantityLimitsOf(row.max_consumer_quantity, row.max_business_quantity),
    status: row.status as ProductStatus,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const FACET_LABEL: Record<ListFilter, (value: string) => string> = {
  brand: (v) => v,
  ram: (v) => `${v} GB`,
  storage: (v) => storageLabel(Number(v)),
  cpu: (v) => v,
  size: (v) => `${Number(v)} inch`,
  resolution: (v) => v,
  panel: (v) => v,
  refresh: (v) => `${v} Hz`,
};
const NUMERIC_FACETS = new Set<ListFilter>(['ram', 'storage', 'size', 'refresh']);

function rupeesLabel(rupees: number): string {
  return formatPaise(rupees * 100).replace(/\.00$/, '');
}

function bucketLabel(min: number | null, max: number | null): string {
  if (min === null && max !== null) return `Under ${rupeesLabel(max)}`;
  if (max === null && min !== null) return `${rupeesLabel(min)} and above`;
  return `${rupeesLabel(min ?? 0)} – ${rupeesLabel(max ?? 0)}`;
}

interface PreparedSearch {
  tsQuery: string | undefined;
  correctedQuery: string | null;
  words: string[];
  /** Text was typed but none of it can be searched (`%_%`, `' --`): the search matches nothing. */
  matchesNothing: boolean;
}

/** The storefront's reads, on one server: the primary, or a replica that has caught up. */
function catalogueReads(db: Executor) {
  /**
   * Turns the shopper's text into a prefix tsquery, correcting words that no catalogue word
   * starts with to the most similar catalogue word ('thinkpda' -> 'thinkpad', 'macbok' -> 'macbook').
   */
  async function prepareSearch(q: string | undefined): Promise<PreparedSearch> {
    const words = searchWords(q ?? '');
    if (words.length === 0) return { tsQuery: undefined, correctedQuery: null, words, matchesNothing: (q ?? '').trim() !== '' };
    const checked = await repo.correctWords(db, words);
    let corrected = false;
    const finalWords = checked.map((c) => {
      if (c.known || c.word.length < 3 || /^\d+$/.test(c.word) || !c.suggestion) return c.word;
      corrected = true;
      return c.suggestion;
    });
    return {
      tsQuery: prefixTsQuery(finalWords),
      correctedQuery: corrected ? finalWords.join(' ') : null,
      words: finalWords,
      matchesNothing: false,
    };
  }

  function toFilter(query: ProductFacetsQuery, tsQuery: string | undefined): repo.ProductFilter {
    const values: Partial<Record<ListFilter, string[]>> = {};
    for (const key of LIST_FILTERS) if (query[key]?.length) values[key] = query[key];
    return {
      category: query.category,
      values,
      priceMinPaise: query.price_min === undefined ? undefined : query.price_min * 100,
      // Whole rupees: a maximum of ₹24,999 includes ₹24,999.50.
      priceMaxPaise: query.price_max === undefined ? undefined : query.price_max * 100 + 99,
      inStock: query.in_stock === 'true',
      tsQuery,
    };
  }

  async function visibleDetail(id: string) {
    const found = await repo.findVisibleProduct(db, id);
    if (!found) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    return found;
  }
  return {
    async list(query: ProductListQuery): Promise<ProductListResponse> {
      const search = await prepareSearch(query.q);
      const { rows, total } = search.matchesNothing
        ? { rows: [], total: 0 }
        : await repo.listProducts(db, toFilter(query, search.tsQuery), query.sort, query.page, query.page_size);
      return {
        items: rows.map(toCard),
        total,
        page: query.page,
        pageSize: query.page_size,
        pageCount: Math.ceil(total / query.page_size),
        correctedQuery: search.correctedQuery,
        // A search that found nothing offers searches that do.
        suggestions: total === 0 && query.q ? [...POPULAR_SEARCHES] : [],
      };
    },

    async facets(query: ProductFacetsQuery): Promise<ProductFacetsResponse> {
      const search = await prepareSearch(query.q);
      const rows = search.matchesNothing ? [] : await repo.productFacets(db, toFilter(query, search.tsQuery));
      const facets = Object.fromEntries(LIST_FILTERS.map((k) => [k, [] as FacetValue[]])) as Record<ListFilter, FacetValue[]>;
      // A bucket's upper end is exclusive (under ₹25,000); as a filter it is price_max = 24,999, so
      // choosing a bucket lists exactly the products it counted.
      const buckets = repo.PRICE_BUCKETS.map((b) => ({
        min: b.min,
        max: b.max === null ? null : b.max - 1,
        label: bucketLabel(b.min, b.max),
        count: 0,
      }));
      let total = 0;
      let inStockCount = 0;
      let min: number | null = null;
      let max: number | null = null;
      for (const row of rows) {
        if (row.facet === 'total') total = row.count;
        else if (row.facet === 'in_stock') inStockCount = row.count;
        else if (row.facet === 'price_range') {
          const bucket = buckets[Number(row.value)];
          if (bucket) bucket.count = row.count;
        } else if (row.facet === 'price') {
          const [lo, hi] = (row.value ?? '').split('-').map(Number);
          if (row.count > 0 && lo !== undefined && hi !== undefined) {
            min = Math.floor(lo / 100);
            max = Math.ceil(hi / 100);
          }
        } else if (row.value !== null) {
          const value = NUMERIC_FACETS.has(row.facet) ? String(Number(row.value)) : row.value;
          facets[row.facet].push({ value, label: FACET_LABEL[row.facet](value), count: row.count });
        }
      }
      for (const key of LIST_FILTERS) {
        // A chosen value stays visible (with 0) even when nothing matches it any more.
        for (const chosen of query[key] ?? []) {
          const value = NUMERIC_FACETS.has(key) ? String(Number(chosen)) : chosen;
          if (!facets[key].some((f) => f.value === value)) facets[key].push({ value, label: FACET_LABEL[key](value), count: 0 });
        }
        facets[key].sort((a, b) => (NUMERIC_FACETS.has(key) ? Number(a.value) - Number(b.value) : a.value.localeCompare(b.value, 'en-IN')));
      }
      return { total, facets, price: { min, max, buckets }, inStockCount };
    },

    async suggest(q: string): Promise<SuggestResponse> {
      const search = await prepareSearch(q);
      if (!search.tsQuery) return { products: [], categories: [], correctedQuery: null };
      const filter: repo.ProductFilter = { values: {}, tsQuery: search.tsQuery };
      const [rows, categories] = await Promise.all([repo.suggestProducts(db, filter), repo.categoryCounts(db, filter)]);
      const products = rows.length > 0 ? rows : await repo.nearMatches(db, search.words.join(' '));
      return {
        products: products.map((r) => ({
          id: r.id,
          name: r.name,
          brand: r.brand,
          category: r.category,
          pricePaise: r.price_paise,
          image: toCard(r).image,
        })),
        categories,
        correctedQuery: search.correctedQuery,
      };
    },

    /** A product page's detail with its variants' rows (decision 70), before a configuration is chosen. */
    async productPage(id: string): Promise<ProductPageData> {
      const found = await visibleDetail(id);
      return { product: toDetail(found), optionKeys: found.optionKeys, variants: found.variants };
    },

    async related(id: string): Promise<ProductCard[]> {
      const rows = await repo.relatedCards(db, id);
      if (!rows) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
      return rows.map(toCard);
    },

    /** Cards in the order asked; ids that are unknown or not for sale are left out. */
    async byIds(ids: string[]): Promise<ProductCard[]> {
      const rows = await repo.findCards(db, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCard(row)] : [];
      });
    },

    async compare(ids: string[]): Promise<CompareResponse> {
      const rows = await repo.findDetailRows(db, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        throw new AppError(
          'NOT_FOUND',
          `${missing.length === 1 ? 'One product is' : 'Some products are'} no longer sold: ${missing.join(', ')}`,
        );
      }
      const ordered = ids.map((id) => byId.get(id)!);
      const categories = new Set(ordered.map((r) => r.category));
      if (categories.size > 1) {
        throw new AppError('VALIDATION', 'Compare products of one category at a time (laptops with laptops, monitors with monitors).', {
          fields: { ids: 'Products of different categories' },
        });
      }
      if (ordered.length > MAX_COMPARE) throw new AppError('VALIDATION', `Compare at most ${MAX_COMPARE} products`);
      // A product of several configurations: each specification they differ in shows every configuration's value.
      const variants = await repo.variantSpecs(db, ids);
      const tables = ordered.map((row) =>
        withConfigurations(specRows(row), variants.filter((v) => v.product_id === row.id).map(variantSpecRows)),
      );
      const keys: { group: string; label: string }[] = [];
      for (const table of tables) {
        for (const r of table)
          if (!keys.some((k) => k.group === r.group && k.label === r.label)) keys.push({ group: r.group, label: r.label });
      }
      const compareRows = keys.map((k) => {
        const values = tables.map((t) => t.find((r) => r.group === k.group && r.label === k.label)?.value ?? null);
        return { ...k, values, differs: new Set(values).size > 1 };
      });
      const priceRow = {
        group: 'Price',
        label: 'Price',
        values: ordered.map((r) =>
          r.variant_count > 1 && r.from_paise !== null ? `From ${formatPaise(r.from_paise)}` : formatPaise(r.price_paise),
        ),
        differs: new Set(ordered.map((r) => (r.variant_count > 1 ? `from ${r.from_paise}` : r.price_paise))).size > 1,
      };
      const ratingRow = {
        group: 'Price',
        label: 'Customer rating',
        values: ordered.map((r) => (r.rating_count > 0 ? `${Number(r.rating_avg).toFixed(1)} / 5 (${r.rating_count})` : null)),
        differs: new Set(ordered.map((r) => `${r.rating_avg}/${r.rating_count}`)).size > 1,
      };
      return { category: ordered[0]!.category as Category, products: ordered.map(toCard), rows: [priceRow, ratingRow, ...compareRows] };
    },

    async home(): Promise<HomeResponse> {
      const s = await repo.homeSections(db);
      return {
        categories: s.categories.map((c) => ({
          category: c.category,
          count: c.count,
          fromPaise: c.from_paise === null ? null : Number(c.from_paise),
          image: c.image_id
            ? { id: c.image_id, alt: c.image_alt ?? c.category, width: c.image_width ?? 1200, height: c.image_height ?? 900 }
            : null,
        })),
        featured: s.featured.map(toCard),
        deals: s.deals.map(toCard),
        bestSellers: s.bestSellers.map(toCard),
        newArrivals: s.newArrivals.map(toCard),
        brands: s.brands,
      };
    },

    async deliveryEstimate(pin: string, productId: string | undefined, now = new Date()): Promise<DeliveryEstimate> {
      const zone = deliveryZone(pin);
      if (!zone) throw new AppError('VALIDATION', 'Enter a valid 6-digit PIN code', { fields: { pin: 'Enter a valid 6-digit PIN code' } });
      let inStock = true;
      if (productId) {
        const stock = await repo.productStock(db, productId);
        if (stock === undefined) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
        inStock = stock > 0;
      }
      const earliest = addWorkingDays(now, zone.minDays);
      const latest = addWorkingDays(now, zone.maxDays);
      const message = inStock
        ? `Delivery to ${zone.region} in ${zone.minDays}–${zone.maxDays} working days.${zone.cod ? ' Cash on delivery available.' : ' Prepaid orders only for this PIN code.'}`
        : 'Out of stock at the moment: we can tell you when it is back.';
      return {
        pinCode: pin,
        region: zone.region,
        minDays: zone.minDays,
        maxDays: zone.maxDays,
        earliest,
        latest,
        codAvailable: zone.cod,
        inStock,
        serviceable: true,
        estimate: true,
        message,
      };
    },

    /** The products of the sitemap. */
    sitemapEntries: () => repo.sitemapEntries(db),
  };
}

type CatalogueReads = ReturnType<typeof catalogueReads>;

/**
 * The catalogue as shoppers read it (lists, search, facets, suggestions, product pages, cards,
 * home sections, the sitemap). Each read runs on the server `reads` chooses (decision 34): a
 * replica that has replayed every change the answer must show, else the primary. The checks other
 * modules make before they write (`isOnSale`), the admin's figures and `setRating` (in the
 * caller's transaction) always use the primary.
 */
/** Tells the services apart in the keys of shared reads (a read replica's and the primary's). */
let services = 0;

export function createCatalogueService(deps: {
  db: Database;
  reads?: ReadSource;
  /** The shop's return window (the admin's settings): every product page states it as the return terms (decision 73). */
  returnWindowDays?: () => Promise<number>;
}) {
  const { db } = deps;
  const instance = ++services;
  const servers = new WeakMap<Executor, CatalogueReads>([[db, catalogueReads(db)]]);
  const read: ReadSource = deps.reads ?? ((work) => work(db));
  /** Runs one read of the storefront, all its statements on one server. */
  const on =
    <A extends unknown[], R>(pick: (reads: CatalogueReads) => (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      read((server) => {
        let reads = servers.get(server);
        if (!reads) servers.set(server, (reads = catalogueReads(server)));
        return pick(reads)(...args);
      });

  /** Ids of merged duplicates read as the products kept (once each: a list naming both keeps one). */
  async function resolveMerged(ids: string[]): Promise<string[]> {
    // On the storefront's read source, as the cards after it: the primary is left to writes and sellers' screens.
    const moved = await read((server) => mergedTargets(server, ids));
    return moved.size === 0 ? ids : [...new Set(ids.map((id) => moved.get(id) ?? id))];
  }

  const productPage = on((r) => r.productPage);
  /** One product page: a page rendered on the server reads it once for its content and its <head>. */
  const pageData = (id: string) => readOnce(`catalogue${instance}:product:${id}`, () => productPage(id));

  return {
    list: on((r) => r.list),
    facets: on((r) => r.facets),
    suggest: on((r) => r.suggest),
    product: async (id: string): Promise<ProductDetail> => (await pageData(id)).product,
    /**
     * The product page's answer: the product, its options and configurations with their buy boxes, and the
     * configuration `variant` names (by id or slug), else the winner's (decision 70).
     */
    productPage: async (id: string, variant?: string): Promise<ProductDetailResponse> => {
      const [data, windowDays] = await Promise.all([pageData(id), deps.returnWindowDays?.() ?? RETURN_WINDOW_DAYS]);
      return {
        product: data.product,
        returnTerms: returnTermsOf(windowDays),
        ...productVariants(data.product.id, data.optionKeys, data.variants, variant),
      };
    },
    related: on((r) => r.related),
    byIds: async (ids: string[]) => on((r) => r.byIds)(await resolveMerged(ids)),
    compare: async (ids: string[]) => on((r) => r.compare)(await resolveMerged(ids)),
    home: on((r) => r.home),
    deliveryEstimate: on((r) => r.deliveryEstimate),
    sitemapEntries: on((r) => r.sitemapEntries),

    /**
     * The product a merged duplicate went into (decision 70), or null: its page and its API answer 301 there, and
     * the compare list and cards by id read the kept product in its place.
     */
    movedTo: async (id: string): Promise<string | null> => (await read((server) => mergedTargets(server, [id]))).get(id) ?? null,

    /** Products on sale running low on stock, of every vendor (the admin dashboard). */
    lowStockCount: () => stockCounts.countLowStock(db),

    /** Whether customers may see and buy the product now (active, of an approved vendor). */
    isOnSale: (productId: string) => inventory.isOnSale(db, productId),

    /**
     * Sets the product's average rating and count as the reviews module computed them, in its
     * transaction; false when the product no longer exists.
     */
    setRating: (tx: Executor, productId: string, rating: { average: string; count: number }) => inventory.setRating(tx, productId, rating),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
