import { sql } from 'drizzle-orm';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';

/** A configuration's packed weight and box (the configuration's, else its product's), through `parcel_directory`. */
export interface PackedUnit {
  productId: string;
  variantId: string;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
}

/** The packed weight and box of these configurations of products, as the catalogue publishes them. */
export async function packedUnits(db: Executor, units: readonly { productId: string; variantId: string }[]): Promise<PackedUnit[]> {
  if (units.length === 0) return [];
  const { rows } = await db.execute<{
    product_id: string;
    variant_id: string;
    weight_grams: number | null;
    length_mm: number | null;
    width_mm: number | null;
    height_mm: number | null;
  }>(sql`select u.product_id, u.variant_id,
      coalesce(v.weight_grams, p.weight_grams) as weight_grams, coalesce(v.length_mm, p.length_mm) as length_mm,
      coalesce(v.width_mm, p.width_mm) as width_mm, coalesce(v.height_mm, p.height_mm) as height_mm
    from unnest(${textArray(units.map((u) => u.productId))}::text[], ${textArray(units.map((u) => u.variantId))}::text[])
      as u(product_id, variant_id)
    left join parcel_directory v on v.variant_id = u.variant_id
    left join parcel_directory p on p.product_id = u.product_id and p.variant_id is null`);
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    weightGrams: r.weight_grams,
    lengthMm: r.length_mm,
    widthMm: r.width_mm,
    heightMm: r.height_mm,
  }));
}

/** Where each seller's parcels are collected (`seller_disclosure`, published by the vendors): the PIN and the city. */
export async function pickupPlaces(db: Executor, vendorIds: readonly string[]): Promise<Map<string, { pinCode: string; city: string }>> {
  if (vendorIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; pin_code: string; city: string }>(
    sql`select id, pin_code, city from seller_disclosure where id = any(${textArray([...vendorIds])}::text[])`,
  );
  return new Map(rows.map((r) => [r.id, { pinCode: r.pin_code, city: r.city }]));
}
