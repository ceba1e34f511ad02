import { sql, type SQL } from 'drizzle-orm';
import type { ListFilter, ProductSort } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { checksItsShortcuts } from '../../config/env';
import type { Executor } from '../../db/client';
import { parameterList, textArray } from '../../db/array-literal';
import { prepared } from '../../db/prepared';
import { shapedStatements } from '../../db/shaped-statements';

/** The filters of a list, search, facet or suggest call, already validated. Prices in paise. */
export interface ProductFilter {
  category?: Category;
  values: Partial<Record<ListFilter, string[]>>;
  priceMinPaise?: number;
  priceMaxPaise?: number;
  inStock?: boolean;
  /** A tsquery text built by prefixTsQuery (only [a-z0-9.] words), or undefined without a search. */
  tsQuery?: string;
}

/** The columns a product card needs. */
export type CardRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  category: Category;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  rating_avg: number;
  rating_count: number;
  processor: string | null;
  ram_gb: number | null;
  storage_gb: number | null;
  storage_type: string | null;
  graphics: string | null;
  screen_size_in: number | null;
  resolution: string | null;
  resolution_name: string | null;
  panel_type: string | null;
  refresh_rate_hz: number | null;
  ports: string[] | null;
  vendor_name: string;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  /** Its active configurations (decision 70). */
  variant_count: number;
  /** The lowest price of an offer in stock from an approved seller, of any configuration; null when none. */
  from_paise: number | null;
  /** Lists and suggestions filtered by specifications: the first configuration that passes them. */
  matched_variant_id?: string | null;
  /** That configuration's own first picture (decision 70), which its card shows; null when it has none. */
  matched_image?: { id: string; alt: string; width: number; height: number } | null;
};

/**
 * Products a customer may see: active, of an approved vendor (vendor_active follows the vendor's
 * status by trigger). Matches the predicate of products_listing_offers_idx (migration 0037), so lists use that index.
 */
const VISIBLE = sql`p.status = 'active' and p.vendor_active`;

export const CARD_COLUMNS = sql`p.id, p.slug, p.name, p.brand, p.category, p.price_paise, p.mrp_paise, p.stock,
  p.rating_avg::float8 as rating_avg, p.rating_count, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.graphics,
  p.screen_size_in::float8 as screen_size_in, p.resolution, p.resolution_name, p.panel_type, p.refresh_rate_hz, p.ports,
  v.business_name as vendor_name, i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height,
  (select count(*)::int from product_variants pv where pv.product_id = p.id and pv.status = 'active') as variant_count,
  (select min(o.price_paise) from offers o
    where o.product_id = p.id and o.vendor_active and o.status = 'active' and o.stock > 0
      and exists (select 1 from product_variants ov where ov.id = o.variant_id and ov.status = 'active')) as from_paise`;

/** Sellers and pictures come from the views their owners publish (vendors, media), never their tables. */
export const CARD_FROM = sql`products p join seller_directory v on v.id = p.vendor_id
  left join product_image_directory i on i.product_id = p.id and i.position = 0`;

/**
 * The column each filter reads. The brand is the product's; the specifications are its configurations'
 * (decision 70), read from `pv` (product_variants): a product matches "16 GB" when one of its active
 * configurations has 16 GB, and every specification chosen must hold for that one configuration.
 */
const FILTER_COLUMNS: Record<ListFilter, { column: SQL; cast: SQL; ofVariant: boolean }> = {
  brand: { column: sql`p.brand`, cast: sql`text[]`, ofVariant: false },
  ram: { column: sql`pv.ram_gb`, cast: sql`int[]`, ofVariant: true },
  storage: { column: sql`pv.storage_gb`, cast: sql`int[]`, ofVariant: true },
  cpu: { column: sql`pv.processor_family`, cast: sql`text[]`, ofVariant: true },
  size: { column: sql`pv.screen_size_in`, cast: sql`numeric[]`, ofVariant: true },
  resolution: { column: sql`pv.resolution_name`, cast: sql`text[]`, ofVariant: true },
  panel: { column: sql`pv.panel_type`, cast: sql`text[]`, ofVariant: true },
  refresh: { column: sql`pv.refresh_rate_hz`, cast: sql`int[]`, ofVariant: true },
};

/** The facets, in the order of FILTER_COLUMNS. */
const FACET_KEYS = Object.keys(FILTER_COLUMNS) as ListFilter[];

/** The conditions on configurations a filter has (none: every product has a configuration that passes). */
function variantConditions(filter: ProductFilter): SQL[] {
  return FACET_KEYS.filter((k) => FILTER_COLUMNS[k].ofVariant)
    .map((k) => facetCondition(k, filter.values[k]))
    .filter((c): c is SQL => c !== undefined);
}

/** "Has an active configuration that passes every specification chosen", or undefined when none is chosen. */
function variantMatch(filter: ProductFilter): SQL | undefined {
  const conditions = variantConditions(filter);
  if (conditions.length === 0) return undefined;
  return sql`exists (select 1 from product_variants pv where pv.product_id = p.id and pv.status = 'active' and ${sql.join(conditions, sql` and `)})`;
}

/**
 * The configuration a card opens when specifications are chosen: the first in the seller's order that passes
 * them all (a filter of 16 GB opens the 16 GB laptop, not its 8 GB first configuration); null without any.
 */
function matchedVariantColumn(filter: ProductFilter): SQL {
  const conditions = variantConditions(filter);
  if (conditions.length === 0) return sql`null::text as matched_variant_id, null::json as matched_image`;
  const matched = sql`(select pv.id from product_variants pv where pv.product_id = p.id and pv.status = 'active'
    and ${sql.join(conditions, sql` and `)} order by pv.position, pv.id limit 1)`;
  return sql`${matched} as matched_variant_id,
    (select json_build_object('id', mi.id, 'alt', mi.alt, 'width', mi.width, 'height', mi.height) from product_image_directory mi
      where mi.product_id = p.id and mi.variant_id = ${matched} order by mi.position limit 1) as matched_image`;
}

/**
 * The statements of lists, facets and suggestions, one text per shape (shaped-statements.ts). Their
 * conditions name their values with placeholders: `filterValues` gives them, and `filterShape`
 * tells which conditions a filter has.
 */
const statements = shapedStatements({ maxShapes: 1000, check: checksItsShortcuts() });
const value = sql.placeholder;

/** The values of a filter's conditions, by the names of their placeholders. */
function filterValues(filter: ProductFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (filter.category) values.category = filter.category;
  if (filter.tsQuery) values.ts = filter.tsQuery;
  if (filter.priceMinPaise !== undefined) values.price_min = filter.priceMinPaise;
  if (filter.priceMaxPaise !== undefined) values.price_max = filter.priceMaxPaise;
  for (const key of FACET_KEYS) {
    const chosen = filter.values[key];
    if (chosen?.length) values[key] = textArray(chosen);
  }
  return values;
}

/** Which conditions a filter has (never their values): what makes two filters' statements differ. */
function filterShape(filter: ProductFilter): string {
  let shape = `${filter.category ? 'c' : ''}${filter.inStock ? 's' : ''}${filter.tsQuery ? 't' : ''}`;
  shape += `${filter.priceMinPaise !== undefined ? '>' : ''}${filter.priceMaxPaise !== undefined ? '<' : ''}`;
  for (const key of FACET_KEYS) if (filter.values[key]?.length) shape += `:${key}`;
  return shape;
}

function facetCondition(key: ListFilter, values: string[] | undefined): SQL | undefined {
  if (!values || values.length === 0) return undefined;
  const { column, cast } = FILTER_COLUMNS[key];
  return sql`${column} = any(${value(key)}::${cast})`;
}

function priceCondition(filter: ProductFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.priceMinPaise !== undefined) parts.push(sql`p.listing_price_paise >= ${value('price_min')}`);
  if (filter.priceMaxPaise !== undefined) parts.push(sql`p.listing_price_paise <= ${value('price_max')}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** Conditions that never depend on a facet: visibility, category, search, stock. */
function baseConditions(filter: ProductFilter): SQL[] {
  const parts = [VISIBLE];
  if (filter.category) parts.push(sql`p.category = ${value('category')}`);
  if (filter.inStock) parts.push(sql`p.listing_in_stock`);
  if (filter.tsQuery) parts.push(sql`p.search_vector @@ to_tsquery('english', ${value('ts')})`);
  return parts;
}

function allConditions(filter: ProductFilter): SQL {
  const parts = baseConditions(filter);
  const brand = facetCondition('brand', filter.values.brand);
  if (brand) parts.push(brand);
  const variant = variantMatch(filter);
  if (variant) parts.push(variant);
  const price = priceCondition(filter);
  if (price) parts.push(price);
  return sql.join(parts, sql` and `);
}

/**
 * ORDER BY of a sort over the columns of `t` (products or the matched set); relevance uses the `rank` column.
 * Sold-out products go after those in stock, except when the shopper sorts by price: then price is all that counts.
 * Both are the product's offers' (its lowest price on sale, whether any offer has stock: decision 70).
 */
function orderBy(sort: ProductSort, filter: ProductFilter, t: 'p' | 'm' = 'p'): SQL {
  const c = (column: string) => sql.raw(`${t}.${column}`);
  switch (sort) {
    case 'price_asc':
      return sql`${c('listing_price_paise')} asc, ${c('id')}`;
    case 'price_desc':
      return sql`${c('listing_price_paise')} desc, ${c('id')}`;
    default:
      return sql`${c('listing_in_stock')} desc, ${orderWithinStock(sort, filter, t)}`;
  }
}

function orderWithinStock(sort: Exclude<ProductSort, 'price_asc' | 'price_desc'>, filter: ProductFilter, t: 'p' | 'm'): SQL {
  const c = (column: string) => sql.raw(`${t}.${column}`);
  switch (sort) {
    case 'newest':
      return sql`${c('created_at')} desc, ${c('id')}`;
    case 'rating':
      return sql`${c('rating_avg')} desc, ${c('rating_count')} desc, ${c('id')}`;
    case 'discount':
      return sql`((${c('mrp_paise')} - ${c('price_paise')})::float8 / ${c('mrp_paise')}) desc, ${c('sold_count')} desc, ${c('id')}`;
    case 'relevance':
      if (!filter.tsQuery) return sql`${c('sold_count')} desc, ${c('rating_avg')} desc, ${c('id')}`;
      return sql`${t === 'm' ? sql`m.rank` : rankColumn(filter)} desc, ${c('sold_count')} desc, ${c('id')}`;
  }
}

function rankColumn(filter: ProductFilter): SQL {
  return filter.tsQuery ? sql`ts_rank(p.search_vector, to_tsquery('english', ${value('ts')}))` : sql`0::real`;
}

/**
 * The SQL of one page of a product list with the total count of matches. The matching rows are
 * found on the listing index (only the sort columns), counted, and only the page's rows are
 * then joined to their vendor and first image. Values: the filter's, `limit` and `offset`.
 */
function listProductsQuery(filter: ProductFilter, sort: ProductSort): SQL {
  return sql`with m as materialized (
      select p.id, p.listing_price_paise, p.listing_in_stock, p.price_paise, p.mrp_paise, p.created_at, p.rating_avg, p.rating_count,
        p.sold_count, ${rankColumn(filter)} as rank
      from products p where ${allConditions(filter)}
    ), pg as (
      select m.id, m.rank from m order by ${orderBy(sort, filter, 'm')} limit ${value('limit')} offset ${value('offset')}
    )
    select ${CARD_COLUMNS}, ${matchedVariantColumn(filter)}, pg.rank, (select count(*) from m)::int as total
    from pg join ${CARD_FROM} on p.id = pg.id
    order by ${sortWithRank(sort, filter)}`;
}

function sortWithRank(sort: ProductSort, filter: ProductFilter): SQL {
  return sort === 'relevance' && filter.tsQuery
    ? sql`p.listing_in_stock desc, pg.rank desc, p.sold_count desc, p.id`
    : orderBy(sort, filter, 'p');
}

function countProductsQuery(filter: ProductFilter): SQL {
  return sql`select count(*)::int as total from products p where ${allConditions(filter)}`;
}

export async function listProducts(db: Executor, filter: ProductFilter, sort: ProductSort, page: number, pageSize: number) {
  const shape = filterShape(filter);
  const values = filterValues(filter);
  const { rows } = await db.execute<CardRow & { total: number }>(
    statements(`list ${sort} ${shape}`, () => listProductsQuery(filter, sort), {
      ...values,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: no rows to carry the count, so count separately.
    const counted = await db.execute<{ total: number }>(statements(`count ${shape}`, () => countProductsQuery(filter), values));
    total = counted.rows[0]?.total ?? 0;
  }
  return { rows, total };
}

/** Price buckets of the filter panel, in rupees (null = open-ended). */
export const PRICE_BUCKETS: { min: number | null; max: number | null }[] = [
  { min: null, max: 25_000 },
  { min: 25_000, max: 50_000 },
  { min: 50_000, max: 75_000 },
  { min: 75_000, max: 1_00_000 },
  { min: 1_00_000, max: 1_50_000 },
  { min: 1_50_000, max: 2_00_000 },
  { min: 2_00_000, max: null },
];

export type FacetRow = {
  facet: ListFilter | 'price' | 'price_range' | 'total' | 'in_stock';
  value: string | null;
  count: number;
};

/**
 * Every facet's value counts in one statement. Each row, one active configuration of a product,
 * carries one boolean per filter ("passes the brand filter", …); a facet counts the products with
 * a row that passes every filter except its own, so choosing Dell still shows how many HP laptops
 * there are, and a laptop sold in 16 GB and 32 GB counts once under each (decision 70).
 */
function facetsQuery(filter: ProductFilter): SQL {
  const flag = (key: ListFilter) => facetCondition(key, filter.values[key]) ?? sql`true`;
  const price = priceCondition(filter) ?? sql`true`;
  return sql`with base as materialized (
      select p.id, p.listing_price_paise as price_paise, p.listing_in_stock as in_stock,
        p.brand as v_brand, pv.ram_gb as v_ram, pv.storage_gb as v_storage, pv.processor_family as v_cpu,
        pv.screen_size_in as v_size, pv.resolution_name as v_resolution, pv.panel_type as v_panel, pv.refresh_rate_hz as v_refresh,
        ${sql.join(
          FACET_KEYS.map((k) => sql`${flag(k)} as ${sql.raw(`f_${k}`)}`),
          sql`, `,
        )},
        ${price} as f_price
      from products p join product_variants pv on pv.product_id = p.id and pv.status = 'active'
      where ${sql.join(baseConditions(filter), sql` and `)}
    )
    ${sql.raw(FACET_COUNTS)}`;
}

/** "f_brand and f_ram and …": the rows that pass every filter but `except`. */
function passAll(except?: ListFilter | 'price'): string {
  return [...FACET_KEYS.filter((k) => k !== except).map((k) => `f_${k}`), ...(except === 'price' ? [] : ['f_price'])].join(' and ');
}

/**
 * The counting part of the facets statement: the same text for every filter, so it is written once
 * here, not put together from a hundred pieces on every request (that cost more of the process's
 * time than the rest of a facets request). Only our own names and constants are in it.
 */
const FACET_COUNTS = [
  ...FACET_KEYS.map(
    (k) =>
      `select '${k}' as facet, v::text as value, count(*)::int as count
         from (select distinct id, v_${k} as v from base where ${passAll(k)} and v_${k} is not null) d group by 2`,
  ),
  `select 'price_range', (case ${PRICE_BUCKETS.map((b, i) => {
    const lo = b.min === null ? 'true' : `price_paise >= ${b.min * 100}`;
    const hi = b.max === null ? 'true' : `price_paise < ${b.max * 100}`;
    return `when ${lo} and ${hi} then '${i}'`;
  }).join(' ')} end), count(*)::int from (select distinct id, price_paise from base where ${passAll('price')}) d group by 2`,
  `select 'price', min(price_paise)::text || '-' || max(price_paise)::text, count(*)::int
     from (select distinct id, price_paise from base where ${passAll('price')}) d`,
  `select 'in_stock', null, count(*)::int from (select distinct id from base where ${passAll()} and in_stock) d`,
  `select 'total', null, count(*)::int from (select distinct id from base where ${passAll()}) d`,
].join('\n    union all ');

export async function productFacets(db: Executor, filter: ProductFilter): Promise<FacetRow[]> {
  const { rows } = await db.execute<FacetRow>(statements(`facets ${filterShape(filter)}`, () => facetsQuery(filter), filterValues(filter)));
  return rows;
}

/** What a product page and the compare table read beyond a card (with CARD_FROM). */
const DETAIL_COLUMNS = sql`p.model, p.description, p.status, p.processor_family, p.operating_system, p.extra_specs,
  p.warranty, p.warranty_months, p.hsn_code, p.created_at, v.id as vendor_id, v.pickup_city as vendor_city,
  p.origin_country, p.maker_name, p.maker_address, p.max_consumer_quantity, p.max_business_quantity`;

export type DetailRow = CardRow & {
  model: string | null;
  description: string;
  status: string;
  processor_family: string | null;
  operating_system: string | null;
  extra_specs: { label: string; value: string }[];
  warranty: string;
  warranty_months: number;
  hsn_code: string;
  created_at: Date | string;
  vendor_id: string;
  vendor_city: string;
  /** Where the model is made and its manufacturer or importer (decision 73); null until the seller states them. */
  origin_country: string | null;
  maker_name: string | null;
  maker_address: string | null;
  /** The quantity limits per order line (decision 77); null: the shop's defaults. */
  max_consumer_quantity: number | null;
  max_business_quantity: number | null;
};

/** What the product page discloses of a seller (the vendors' `seller_disclosure`, decision 73). */
export type SellerDisclosureRow = {
  legal_name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string;
  state: string;
  pin_code: string;
  care_phone: string;
  care_email: string | null;
};

/** A seller's offer of a variant, as the product page reads it (JSON: timestamps are text). */
export type OfferRow = {
  id: string;
  vendor_id: string;
  seller_name: string;
  seller_city: string;
  price_paise: number;
  stock: number;
  dispatch_days: number;
  warranty: string;
  warranty_months: number;
  condition: 'new' | 'refurbished';
  grade: string | null;
  status: 'active' | 'paused';
  seller_active: boolean;
  created_at: string;
  /** The share of its parcels of the last 90 days shipped on time; null without a record of enough parcels. */
  seller_on_time: number | null;
  seller_details: SellerDisclosureRow;
  /** The reviews' `seller_review_record`: reviews by the seller's buyers of delivered orders, and their average. */
  seller_reviews: number;
  seller_rating: number | null;
};

/** A seller ranks by its dispatch record once it has shipped this many parcels in 90 days (decision 70). */
export const DISPATCH_RECORD_MIN_PARCELS = 5;

/** An active variant of a product with its offers of sellers who may sell (JSON from PostgreSQL). */
export type VariantRow = {
  id: string;
  options: Record<string, string>;
  sku: string | null;
  mrp_paise: number;
  processor: string | null;
  ram_gb: number | null;
  storage_gb: number | null;
  storage_type: string | null;
  graphics: string | null;
  operating_system: string | null;
  screen_size_in: number | null;
  resolution: string | null;
  resolution_name: string | null;
  panel_type: string | null;
  refresh_rate_hz: number | null;
  ports: string[] | null;
  colour: string | null;
  /** The pictures marked as showing this configuration, in the product's order (product_image_directory.variant_id). */
  images: { id: string; alt: string; width: number; height: number }[];
  offers: OfferRow[];
};

/**
 * The active variants of product `p` in the seller's order, each with the offers of approved sellers
 * (offers.vendor_active follows vendors.status by trigger, so a suspended seller's offers are left out):
 * one JSON array, inside the product page's one statement.
 */
const VARIANTS_OF_P = sql`(select coalesce(json_agg(json_build_object(
      'id', pv.id, 'options', pv.options, 'sku', pv.sku, 'mrp_paise', pv.mrp_paise, 'processor', pv.processor,
      'ram_gb', pv.ram_gb, 'storage_gb', pv.storage_gb, 'storage_type', pv.storage_type, 'graphics', pv.graphics,
      'operating_system', pv.operating_system, 'screen_size_in', pv.screen_size_in::float8, 'resolution', pv.resolution,
      'resolution_name', pv.resolution_name, 'panel_type', pv.panel_type, 'refresh_rate_hz', pv.refresh_rate_hz,
      'ports', pv.ports, 'colour', pv.colour,
      'images', (select coalesce(json_agg(json_build_object('id', vi.id, 'alt', vi.alt, 'width', vi.width, 'height', vi.height)
            order by vi.position), '[]') from product_image_directory vi where vi.product_id = p.id and vi.variant_id = pv.id),
      'offers', (select coalesce(json_agg(json_build_object(
            'id', o.id, 'vendor_id', o.vendor_id, 'seller_name', s.business_name, 'seller_city', s.pickup_city,
            'price_paise', o.price_paise, 'stock', o.stock, 'dispatch_days', o.dispatch_days, 'warranty', o.warranty,
            'warranty_months', o.warranty_months, 'condition', o.condition, 'grade', o.grade, 'status', o.status,
            'seller_active', o.vendor_active, 'created_at', o.created_at, 'seller_on_time', r.on_time_share,
            'seller_details', json_build_object('legal_name', d.legal_name, 'address_line1', d.address_line1,
              'address_line2', d.address_line2, 'city', d.city, 'state', d.state, 'pin_code', d.pin_code,
              'care_phone', d.care_phone, 'care_email', d.care_email),
            'seller_reviews', coalesce(sr.reviews, 0), 'seller_rating', sr.average) order by o.created_at, o.id), '[]')
          from offers o join seller_directory s on s.id = o.vendor_id
          join seller_disclosure d on d.id = o.vendor_id
          left join seller_dispatch_record r on r.vendor_id = o.vendor_id and r.shipments >= ${sql.raw(String(DISPATCH_RECORD_MIN_PARCELS))}
          left join seller_review_record sr on sr.vendor_id = o.vendor_id
          where o.variant_id = pv.id and o.vendor_active)
    ) order by pv.position, pv.id), '[]')
  from product_variants pv where pv.product_id = p.id and pv.status = 'active')`;

/**
 * A visible product with its pictures and rating breakdown, or undefined: one statement, its pictures
 * and ratings as JSON arrays. Three statements (the row, then pictures and ratings side by side) made
 * the product page wait for two round trips, and each statement costs both processes a send, a
 * wake-up and a receive: more than the little JSON PostgreSQL builds here (docs/benchmarks.md,
 * issue 14's twelfth session).
 */
export async function findVisibleProduct(db: Executor, id: string) {
  const { rows } = await db.execute<
    DetailRow & {
      images: { id: string; alt: string; width: number; height: number }[];
      ratings: { rating: number; count: number }[];
      option_keys: string[];
      variants: VariantRow[];
    }
  >(
    prepared(
      'product-detail',
      sql`select ${CARD_COLUMNS}, ${DETAIL_COLUMNS},
          (select coalesce(json_agg(json_build_object('id', pi.id, 'alt', pi.alt, 'width', pi.width, 'height', pi.height) order by pi.position), '[]')
             from product_image_directory pi where pi.product_id = p.id
              and (pi.variant_id is null
                   or not exists (select 1 from product_image_directory mi where mi.product_id = p.id and mi.variant_id is null))) as images,
          (select coalesce(json_agg(json_build_object('rating', rc.rating, 'count', rc.count)), '[]')
             from rating_counts rc where rc.product_id = p.id) as ratings,
          p.option_keys, ${VARIANTS_OF_P} as variants
        from ${CARD_FROM}
        where p.id = ${id} and ${VISIBLE}`,
    ),
  );
  const found = rows[0];
  if (!found) return undefined;
  const { images, ratings, option_keys: optionKeys, variants, ...row } = found;
  return { row, images, ratings, optionKeys, variants };
}

/**
 * Up to this many ids (a page of cards, most carts) are listed as parameters: one prepared text per
 * count, each keeping its plan. More go as one array, unnamed and planned each time (array-literal.ts).
 */
const LISTED_IDS = 24;

export async function findCards(db: Executor, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const statement =
    ids.length <= LISTED_IDS
      ? prepared('product-cards', sql`select ${CARD_COLUMNS} from ${CARD_FROM} where p.id in (${parameterList(ids)}) and ${VISIBLE}`)
      : sql`select ${CARD_COLUMNS} from ${CARD_FROM} where p.id = any(${textArray(ids)}::text[]) and ${VISIBLE}`;
  const { rows } = await db.execute<CardRow>(statement);
  return rows;
}

/** Full rows (for specification tables) of visible products. */
export async function findDetailRows(db: Executor, ids: readonly string[]): Promise<DetailRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<DetailRow>(
    sql`select ${CARD_COLUMNS}, ${DETAIL_COLUMNS}
      from ${CARD_FROM} where p.id = any(${textArray(ids)}::text[]) and ${VISIBLE}`,
  );
  return rows;
}

/**
 * The typed specifications of the active configurations of these products, in each one's order: what the
 * compare table shows for a product of several configurations.
 */
export async function variantSpecs(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  const { rows } = await db.execute<Omit<VariantRow, 'id' | 'options' | 'sku' | 'mrp_paise' | 'offers'> & { product_id: string }>(
    sql`select pv.product_id, pv.processor, pv.ram_gb, pv.storage_gb, pv.storage_type, pv.graphics, pv.operating_system,
               pv.screen_size_in::float8 as screen_size_in, pv.resolution, pv.resolution_name, pv.panel_type, pv.refresh_rate_hz,
               pv.ports, pv.colour
          from product_variants pv
         where pv.product_id = any(${textArray(productIds)}::text[]) and pv.status = 'active'
         order by pv.product_id, pv.position, pv.id`,
  );
  return rows;
}

/**
 * Products like this one: same category, same brand first, then nearest in price; undefined when the
 * product itself is not for sale. One statement: the product is read inside it instead of before it.
 */
export async function relatedCards(db: Executor, id: string, limit = 8): Promise<CardRow[] | undefined> {
  // The few are chosen on the listing index alone (index-only, narrow rows), and only they are joined
  // to their seller and picture: sorting every product of the category with its joins took 21 ms
  // over 4,300 laptops, choosing first takes 4 ms. No row: the product is not for sale; one row
  // without an id: nothing is like it.
  const { rows } = await db.execute<{ [K in keyof CardRow]: CardRow[K] | null }>(
    prepared(
      'product-related',
      sql`select c.* from (select p.id, p.category, p.brand, p.listing_price_paise from products p where p.id = ${id} and ${VISIBLE}) me
        left join lateral (
          select ${CARD_COLUMNS}, r.in_stock, r.same_brand, r.distance
            from ${CARD_FROM}
            join (select p.id, p.listing_in_stock as in_stock, (p.brand = me.brand) as same_brand,
                         abs(p.listing_price_paise - me.listing_price_paise) as distance
                    from products p
                   where ${VISIBLE} and p.category = me.category and p.id <> me.id
                   order by 2 desc, 3 desc, 4, 1
                   limit ${limit}) r on r.id = p.id
        ) c on true
        order by c.in_stock desc, c.same_brand desc, c.distance, c.id`,
    ),
  );
  if (rows.length === 0) return undefined;
  return rows.filter((row): row is CardRow => row.id !== null);
}

export async function homeSections(db: Executor, limit = 8) {
  // Each section's few products are chosen on the products alone (mostly index-only), then joined to
  // their seller and picture: joining first made PostgreSQL join every product before the top-N sort
  // (35–70 ms a section over 10,000 products, 3–8 ms now).
  const cards = (where: SQL, order: SQL) =>
    db.execute<CardRow>(
      sql`with r as materialized (select p.id from products p where ${VISIBLE} and ${where} order by ${order} limit ${limit})
        select ${CARD_COLUMNS} from ${CARD_FROM} join r on r.id = p.id order by ${order}`,
    );
  const [featured, deals, bestSellers, newArrivals, brands, categories] = await Promise.all([
    // The admin's choice, newest first; on products_featured_idx (few rows), then only those on sale.
    cards(sql`p.featured_at is not null`, sql`p.featured_at desc, p.id`),
    cards(sql`p.listing_in_stock and p.mrp_paise > p.price_paise`, sql`((p.mrp_paise - p.price_paise)::float8 / p.mrp_paise) desc, p.id`),
    cards(sql`true`, sql`p.sold_count desc, p.id`),
    cards(sql`true`, sql`p.created_at desc, p.id`),
    db.execute<{ brand: string; count: number }>(
      sql`select p.brand, count(*)::int as count from products p where ${VISIBLE} group by p.brand order by count(*) desc, p.brand`,
    ),
    db.execute<{
      category: Category;
      count: number;
      from_paise: number | null;
      image_id: string | null;
      image_alt: string | null;
      image_width: number | null;
      image_height: number | null;
    }>(
      sql`select c.category, c.count, c.from_paise, i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height
        from (
          select p.category, count(*)::int as count, min(p.listing_price_paise) as from_paise,
            (array_agg(p.id order by p.sold_count desc))[1] as top_id
          from products p where ${VISIBLE} group by p.category
        ) c left join product_image_directory i on i.product_id = c.top_id and i.position = 0`,
    ),
  ]);
  return {
    featured: featured.rows,
    deals: deals.rows,
    bestSellers: bestSellers.rows,
    newArrivals: newArrivals.rows,
    brands: brands.rows,
    categories: categories.rows,
  };
}

/** For typo correction: per word, whether some catalogue word starts with it, else the most similar catalogue word. */
export async function correctWords(db: Executor, words: readonly string[]) {
  // One shape for every search: its text is written once (the words go as one array value).
  const { rows } = await db.execute<{ word: string; known: boolean; suggestion: string | null }>(
    statements(
      'correct words',
      () => sql`select t.word,
        exists (select 1 from search_lexicon l where l.word collate "C" >= t.word collate "C" and l.word collate "C" < (t.word || '~') collate "C") as known,
        (select l.word from search_lexicon l where l.word % t.word order by similarity(l.word, t.word) desc, l.frequency desc, l.word limit 1) as suggestion
      from unnest(${value('words')}::text[]) with ordinality as t(word, n)
      order by t.n`,
      { words: textArray(words) },
    ),
  );
  return rows;
}

export async function suggestProducts(db: Executor, filter: ProductFilter, limit = 6) {
  const { rows } = await db.execute<CardRow>(
    statements(
      `suggest ${filterShape(filter)}`,
      () =>
        sql`select ${CARD_COLUMNS}, ${matchedVariantColumn(filter)} from ${CARD_FROM} where ${allConditions(filter)} order by ${orderBy('relevance', filter)} limit ${value('limit')}`,
      { ...filterValues(filter), limit },
    ),
  );
  return rows;
}

export async function categoryCounts(db: Executor, filter: ProductFilter) {
  const all = { ...filter, category: undefined };
  const { rows } = await db.execute<{ category: Category; count: number }>(
    statements(
      `categories ${filterShape(all)}`,
      () => sql`select p.category, count(*)::int as count from products p
        where ${allConditions(all)} group by p.category order by count(*) desc`,
      filterValues(all),
    ),
  );
  return rows;
}

/** Products whose names look like the text (trigram word similarity): the near matches of a search without results. */
export async function nearMatches(db: Executor, text: string, limit = 6) {
  const { rows } = await db.execute<CardRow>(
    sql`select ${CARD_COLUMNS} from ${CARD_FROM}
      where ${VISIBLE} and word_similarity(${text}, lower(p.name)) > 0.35
      order by word_similarity(${text}, lower(p.name)) desc, p.sold_count desc, p.id limit ${limit}`,
  );
  return rows;
}

export async function productStock(db: Executor, id: string) {
  const { rows } = await db.execute<{ stock: number }>(
    prepared('product-stock', sql`select p.stock from products p where p.id = ${id} and ${VISIBLE}`),
  );
  return rows[0]?.stock;
}

/** Every visible product id and last change, for sitemap.xml. */
export async function sitemapEntries(db: Executor) {
  const { rows } = await db.execute<{ id: string; updated_at: Date | string }>(
    sql`select p.id, p.updated_at from products p where ${VISIBLE} order by p.id limit 45000`,
  );
  return rows;
}
