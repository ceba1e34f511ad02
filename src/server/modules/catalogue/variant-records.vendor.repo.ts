import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offers, products, productVariants } from '../../db/schema/catalogue';

/**
 * A seller's own products with their configurations and its offers of them, as the sellers' CSV reads and
 * writes them (decision 70, "The sellers' CSV"). The catalogue owns the three tables; every statement
 * filters by the seller, and a write of a product and its offers locks the product's row first.
 */

export type VariantRow = typeof productVariants.$inferSelect;
export type OfferRecord = typeof offers.$inferSelect;
export type OwnConfigurationRow = { product: typeof products.$inferSelect; variant: VariantRow; offer: OfferRecord };

/**
 * Each offer of the seller's own products whose configuration is on sale, for the export: the rows of one
 * product together (newest change first, as the products list), its configurations in their order.
 */
export async function ownConfigurations(db: Executor, vendorId: string): Promise<OwnConfigurationRow[]> {
  return db
    .select({ product: products, variant: productVariants, offer: offers })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(productVariants, eq(productVariants.id, offers.variantId))
    .where(and(eq(offers.vendorId, vendorId), eq(products.vendorId, vendorId), eq(productVariants.status, 'active')))
    .orderBy(desc(products.updatedAt), asc(products.id), asc(productVariants.position), asc(productVariants.createdAt), asc(offers.id));
}

/** The products a CSV's keys name, by slug or id, whoever listed them (the caller refuses another seller's). */
export async function productsByKeys(db: Executor, keys: readonly string[]): Promise<{ id: string; slug: string; vendorId: string }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ id: products.id, slug: products.slug, vendorId: products.vendorId })
    .from(products)
    .where(
      or(
        inArray(
          products.slug,
          keys.map((k) => k.toLowerCase()),
        ),
        inArray(products.id, [...keys]),
      ),
    );
}

export type SkuOffer = {
  id: string;
  sellerSku: string;
  variantId: string;
  productId: string;
  productVendorId: string;
  productSlug: string;
};

/** The seller's offers of these SKUs, with whose product each is (its own, or another seller's). */
export async function offersBySku(db: Executor, vendorId: string, skus: readonly string[]): Promise<Map<string, SkuOffer>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: offers.id,
      sellerSku: offers.sellerSku,
      variantId: offers.variantId,
      productId: offers.productId,
      productVendorId: products.vendorId,
      productSlug: products.slug,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.vendorId, vendorId), inArray(offers.sellerSku, [...skus])));
  return new Map(rows.map((r) => [r.sellerSku!, { ...r, sellerSku: r.sellerSku! }]));
}

export type KnownVariant = {
  id: string;
  productId: string;
  options: Record<string, string>;
  /** The seller's offers of it. */
  offers: { id: string; condition: string; grade: string | null }[];
};

/** The configurations of the seller's products named, with the seller's offers of each. */
export async function variantsOf(db: Executor, vendorId: string, productIds: readonly string[]): Promise<KnownVariant[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.execute<{
    id: string;
    product_id: string;
    options: Record<string, string>;
    offers: KnownVariant['offers'];
  }>(sql`
    select v.id, v.product_id, v.options,
           coalesce((select json_agg(json_build_object('id', o.id, 'condition', o.condition, 'grade', o.grade) order by o.id)
                       from offers o where o.variant_id = v.id and o.vendor_id = ${vendorId}), '[]') as offers
      from product_variants v join products p on p.id = v.product_id
     where p.vendor_id = ${vendorId} and v.product_id = any(${`{${productIds.join(',')}}`}::text[])`);
  return rows.map((r) => ({ id: r.id, productId: r.product_id, options: r.options, offers: r.offers }));
}

/**
 * Says in the transaction that this release writes the products' configurations and offers itself, so the
 * trigger for the previous release's inserts (`products_to_legacy_variant`) leaves them alone.
 */
export async function saysItWritesVariants(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('shop.writes_variants', 'on', true)`);
}

/**
 * Locks the seller's products named before their offers are written (a checkout locks the product, then the
 * offer; an offer's change writes the product's listing), in the order of their ids, and gives each one's status;
 * one not the seller's is not among them.
 */
export async function lockOwnProducts(tx: Executor, vendorId: string, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; status: string }>(sql`
    select id, status from products where vendor_id = ${vendorId} and id = any(${`{${productIds.join(',')}}`}::text[])
     order by id for no key update`);
  return new Map(rows.map((r) => [r.id, r.status]));
}

export type NewProduct = typeof products.$inferInsert;

export async function insertProducts(tx: Executor, rows: NewProduct[]): Promise<void> {
  if (rows.length > 0) await tx.insert(products).values(rows);
}

/** The product's fields a row of the sellers' CSV writes (its first row's), by column. */
const PRODUCT_FIELDS = [
  ['category', 'text'],
  ['brand', 'text'],
  ['name', 'text'],
  ['model', 'text'],
  ['description', 'text'],
] as const;
/** The origin's columns (decision 73): written when the file has them. */
const ORIGIN_FIELDS = [
  ['origin_country', 'text'],
  ['maker_name', 'text'],
  ['maker_address', 'text'],
] as const;
/** The product's columns of before that its own configuration and offer (with its id) keep in step. */
const OWN_OFFER_FIELDS = [
  ['sku', 'text'],
  ['price_paise', 'int'],
  ['mrp_paise', 'int'],
  ['hsn_code', 'text'],
  ['gst_rate_bp', 'int'],
  ['stock', 'int'],
  ['warranty', 'text'],
  ['warranty_months', 'int'],
  ['weight_grams', 'int'],
  ['length_mm', 'int'],
  ['width_mm', 'int'],
  ['height_mm', 'int'],
  ['processor', 'text'],
  ['processor_family', 'text'],
  ['ram_gb', 'int'],
  ['storage_gb', 'int'],
  ['storage_type', 'text'],
  ['graphics', 'text'],
  ['operating_system', 'text'],
  ['screen_size_in', 'numeric'],
  ['resolution', 'text'],
  ['resolution_name', 'text'],
  ['panel_type', 'text'],
  ['refresh_rate_hz', 'int'],
  ['ports', 'text[]'],
  ['spec_terms', 'text'],
] as const;

export type ProductUpdate = {
  id: string;
  /** Whether the file has the product's own configuration (its id): then the columns of before are its. */
  hasOwn: boolean;
  status: string;
  extraSpecs: unknown;
  optionKeys: string[];
} & Record<string, unknown>;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Updates the seller's products of a batch in one statement: their fields, status (one the shop holds for
 * review, or hid, keeps it), More specifications and option keys when the file has them, and their columns of
 * before from their own configuration's row when the file has it.
 */
export async function updateProducts(
  tx: Executor,
  vendorId: string,
  rows: readonly ProductUpdate[],
  /** `trusted`: the seller's products put on sale that the shop never approved skip its review (decision 70). */
  write: { extraSpecs: boolean; optionKeys: boolean; origin?: boolean; trusted: boolean },
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...PRODUCT_FIELDS, ...OWN_OFFER_FIELDS];
  const records = rows.map((row) => ({
    id: row.id,
    has_own: row.hasOwn,
    status: row.status,
    extra_specs: row.extraSpecs,
    option_keys: row.optionKeys,
    ...Object.fromEntries([...columns, ...ORIGIN_FIELDS].map(([column]) => [column, row[camel(column)] ?? null])),
  }));
  const shape = sql.raw(
    [
      'id text',
      'has_own boolean',
      'status text',
      'extra_specs jsonb',
      'option_keys text[]',
      ...[...columns, ...ORIGIN_FIELDS].map(([c, type]) => `${c} ${type}`),
    ].join(', '),
  );
  const sets = [
    ...PRODUCT_FIELDS.map(([c]) => `${c} = r.${c}`),
    ...OWN_OFFER_FIELDS.map(([c]) => `${c} = case when r.has_own then r.${c} else p.${c} end`),
    // A product the shop holds for review, or hid, keeps that status; one put on sale that it never approved goes to
    // its review, or on sale approved now when the seller is trusted.
    `status = case when p.status in ('pending_review', 'hidden') then p.status
                   when r.status = 'active' and p.approved_at is null and not ${write.trusted} then 'pending_review' else r.status end`,
    `submitted_at = case when p.status not in ('pending_review', 'hidden') and r.status = 'active' and p.approved_at is null
                           and not ${write.trusted} then now() else p.submitted_at end`,
    `approved_at = case when p.status not in ('pending_review', 'hidden') and r.status = 'active' and p.approved_at is null
                          and ${write.trusted} then now() else p.approved_at end`,
    ...(write.extraSpecs ? ['extra_specs = r.extra_specs'] : []),
    ...(write.optionKeys ? ['option_keys = r.option_keys'] : []),
    // Where the model is made (decision 73): only when the file has those columns; a file of before keeps them.
    ...(write.origin ? ORIGIN_FIELDS.map(([c]) => `${c} = r.${c}`) : []),
    'updated_at = now()',
  ];
  await tx.execute(sql`
    update products p set ${sql.raw(sets.join(', '))}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${shape})
     where p.id = r.id and p.vendor_id = ${vendorId}`);
}

export type VariantValues = Omit<typeof productVariants.$inferInsert, 'createdAt' | 'updatedAt' | 'status'>;

/**
 * Sets these configurations' options to a placeholder of their own, so that the options of a product's
 * configurations can be exchanged (16 GB becomes 32 GB while 32 GB becomes 16 GB) under its unique index.
 */
export async function setOptionsAside(tx: Executor, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .update(productVariants)
    .set({ options: sql`jsonb_build_object('_moving', ${productVariants.id})` })
    .where(inArray(productVariants.id, [...variantIds]));
}

const VARIANT_SET = [
  'position',
  'mrp_paise',
  'hsn_code',
  'gst_rate_bp',
  'processor',
  'processor_family',
  'ram_gb',
  'storage_gb',
  'storage_type',
  'graphics',
  'operating_system',
  'screen_size_in',
  'resolution',
  'resolution_name',
  'panel_type',
  'refresh_rate_hz',
  'ports',
  'weight_grams',
  'length_mm',
  'width_mm',
  'height_mm',
  'spec_terms',
];
const excludedSet = (columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [camel(c), sql.raw(`excluded.${c}`)])) as Record<string, ReturnType<typeof sql.raw>>;

/**
 * Adds configurations, or changes the product's ones (their status stays: an archived one stays archived; their
 * options and EAN too when the file has no such columns; their colour when the options name none).
 */
export async function upsertVariants(tx: Executor, rows: VariantValues[], keep: { options: boolean; ean: boolean }): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(productVariants)
    .values(rows)
    .onConflictDoUpdate({
      target: productVariants.id,
      set: {
        ...excludedSet([...VARIANT_SET, ...(keep.options ? [] : ['options']), ...(keep.ean ? [] : ['ean'])]),
        colour: sql`coalesce(excluded.colour, ${productVariants.colour})`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${productVariants.productId} = excluded.product_id`,
    });
}

export type OfferValues = Omit<typeof offers.$inferInsert, 'createdAt' | 'updatedAt' | 'status' | 'vendorActive' | 'soldCount'>;

/** Adds the seller's offers, or changes them (their status and units sold stay; their terms too when `keep.terms`). */
export async function upsertOffers(tx: Executor, vendorId: string, rows: OfferValues[], keep: { terms: boolean }): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(offers)
    .values(rows)
    .onConflictDoUpdate({
      target: offers.id,
      set: {
        ...excludedSet([
          'seller_sku',
          'price_paise',
          'stock',
          'warranty',
          'warranty_months',
          ...(keep.terms ? [] : ['dispatch_days', 'condition', 'grade']),
        ]),
        updatedAt: sql`now()`,
      },
      setWhere: eq(offers.vendorId, vendorId),
    });
}
