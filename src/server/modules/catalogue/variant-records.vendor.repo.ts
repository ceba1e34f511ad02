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
 * Locks the seller's product before its offers are written (a checkout locks the product, then the offer; an
 * offer's change writes the product's listing) and gives its status; undefined when it is not the seller's.
 */
export async function lockOwnProduct(tx: Executor, vendorId: string, productId: string): Promise<{ status: string } | undefined> {
  const { rows } = await tx.execute<{ status: string }>(
    sql`select status from products where id = ${productId} and vendor_id = ${vendorId} for no key update`,
  );
  return rows[0];
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

/** Adds a configuration, or changes one of the product's (its status stays: an archived one stays archived). */
export async function upsertVariant(tx: Executor, values: VariantValues, keep: { options: boolean; ean: boolean }): Promise<void> {
  const { id: _id, productId: _productId, options, ean, ...rest } = values;
  await tx
    .insert(productVariants)
    .values(values)
    .onConflictDoUpdate({
      target: productVariants.id,
      set: { ...rest, ...(keep.options ? {} : { options }), ...(keep.ean ? {} : { ean }), updatedAt: sql`now()` },
      where: eq(productVariants.productId, values.productId),
    });
}

export type OfferValues = Omit<typeof offers.$inferInsert, 'createdAt' | 'updatedAt' | 'status' | 'vendorActive' | 'soldCount'>;

/** Adds the seller's offer, or changes it (its status and units sold stay; its terms too when `keep.terms`). */
export async function upsertOffer(tx: Executor, values: OfferValues, keep: { terms: boolean }): Promise<void> {
  const { id: _id, variantId: _variantId, productId: _productId, vendorId, dispatchDays, condition, grade, ...rest } = values;
  await tx
    .insert(offers)
    .values(values)
    .onConflictDoUpdate({
      target: offers.id,
      set: { ...rest, ...(keep.terms ? {} : { dispatchDays, condition, grade }), updatedAt: sql`now()` },
      where: eq(offers.vendorId, vendorId),
    });
}
