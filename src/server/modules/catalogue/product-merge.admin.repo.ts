import { sql } from 'drizzle-orm';
import type { Category, ProductStatus } from '~/shared/constants';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';

export type MergeProductRow = {
  id: string;
  name: string;
  brand: string;
  category: Category;
  status: ProductStatus;
  vendor_id: string;
  merged_into: string | null;
  option_keys: string[];
};

/**
 * The two products of a merge, locked in id order: two merges of one product wait for each other (never in a
 * circle), and the second reads what the first wrote.
 */
export async function lockPair(tx: Executor, ids: readonly [string, string]): Promise<MergeProductRow[]> {
  const { rows } = await tx.execute<MergeProductRow>(sql`
    select id, name, brand, category, status, vendor_id, merged_into, option_keys from products
     where id = any(${textArray(ids)}::text[]) order by id for update`);
  return rows;
}

/** The same two products, unlocked: what a merge's preview reads. */
export async function readPair(db: Executor, ids: readonly [string, string]): Promise<MergeProductRow[]> {
  const { rows } = await db.execute<MergeProductRow>(sql`
    select id, name, brand, category, status, vendor_id, merged_into, option_keys from products where id = any(${textArray(ids)}::text[])`);
  return rows;
}

export type MergeVariantRow = { id: string; product_id: string; options: Record<string, string>; position: number };
export type MergeOfferRow = {
  id: string;
  variant_id: string;
  product_id: string;
  vendor_id: string;
  vendor_name: string;
  condition: string;
  grade: string | null;
};

/** The configurations of both products (archived ones too: order lines name them) and their offers, with each offer's seller. */
export async function variantsAndOffers(db: Executor, ids: readonly string[]) {
  const variants = await db.execute<MergeVariantRow>(sql`
    select id, product_id, options, position from product_variants where product_id = any(${textArray(ids)}::text[]) order by position, id`);
  const offers = await db.execute<MergeOfferRow>(sql`
    select o.id, o.variant_id, o.product_id, o.vendor_id, v.business_name as vendor_name, o.condition, o.grade
      from offers o join seller_directory v on v.id = o.vendor_id
     where o.product_id = any(${textArray(ids)}::text[]) order by o.id`);
  return { variants: variants.rows, offers: offers.rows };
}

/** A configuration's offers join another configuration (of the kept product). */
export async function moveOffers(tx: Executor, fromVariant: string, toVariant: string, toProduct: string): Promise<number> {
  const result = await tx.execute(
    sql`update offers set variant_id = ${toVariant}, product_id = ${toProduct}, updated_at = now() where variant_id = ${fromVariant}`,
  );
  return result.rowCount ?? 0;
}

/** A configuration, with its offers, becomes one of the kept product's, after its own. */
export async function moveVariant(tx: Executor, variantId: string, toProduct: string, position: number): Promise<void> {
  await tx.execute(
    sql`update product_variants set product_id = ${toProduct}, position = ${position}, updated_at = now() where id = ${variantId}`,
  );
  await tx.execute(sql`update offers set product_id = ${toProduct}, updated_at = now() where variant_id = ${variantId}`);
}

/**
 * The duplicate leaves the shop: archived, `merged_into` the kept product (as are the products merged into it
 * before), off the home page. Then both products' listing price, stock and search words are made again from the
 * configurations and offers they now have (a configuration's move fires no trigger of its own).
 */
export async function markMerged(tx: Executor, duplicateId: string, keptId: string): Promise<void> {
  await tx.execute(sql`
    update products set status = 'archived', merged_into = ${keptId}, featured_at = null, updated_at = now() where id = ${duplicateId}`);
  await tx.execute(sql`update products set merged_into = ${keptId} where merged_into = ${duplicateId}`);
  await tx.execute(sql`update products set updated_at = now() where id = ${keptId}`);
  await tx.execute(
    sql`select product_variant_terms(${keptId}), product_listing(${keptId}), product_variant_terms(${duplicateId}), product_listing(${duplicateId})`,
  );
}

/** Where products merged away went: the product each of `ids` was merged into (those not merged are left out). */
export async function mergedTargets(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; merged_into: string }>(sql`
    select id, merged_into from products where id = any(${textArray(ids)}::text[]) and merged_into is not null`);
  return new Map(rows.map((r) => [r.id, r.merged_into]));
}

/** The products of `ids` merged away: each one's name and the product it now is (those not merged are left out). */
export async function mergedAway(db: Executor, ids: readonly string[]): Promise<Map<string, { into: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; name: string; merged_into: string }>(sql`
    select id, name, merged_into from products where id = any(${textArray(ids)}::text[]) and merged_into is not null`);
  return new Map(rows.map((r) => [r.id, { into: r.merged_into, name: r.name }]));
}
