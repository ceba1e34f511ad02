import { sql } from 'drizzle-orm';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';

/**
 * A product's configurations as its seller's grid reads and writes them (decision 70, "The seller's
 * configuration grid"): the catalogue owns `product_variants`, `offers` and `products`, so the
 * statements are here, handed to the products module with `productRecords`. The seller's statements
 * name the seller; the caller locks the product's row before any offer's, as every checkout does.
 */

export type ConfigurationRow = {
  id: string;
  options: Record<string, string>;
  sku: string | null;
  ean: string | null;
  status: 'active' | 'archived';
  position: number;
  mrp_paise: number;
  hsn_code: string;
  gst_rate_bp: number;
  processor: string | null;
  ram_gb: number | null;
  storage_gb: number | null;
  storage_type: string | null;
  screen_size_in: number | null;
  colour: string | null;
  /** The product seller's own new offer of it, if any. */
  offer_id: string | null;
  price_paise: number | null;
  stock: number | null;
  dispatch_days: number | null;
  ordered: boolean;
  has_pictures: boolean;
  other_offers: {
    offer_id: string;
    seller_name: string;
    price_paise: number;
    stock: number;
    dispatch_days: number;
    condition: string;
    status: string;
  }[];
};

/** Every configuration of a product (archived ones too) in the seller's order, with `vendorId`'s new offer of each and the others'. */
export async function configurationsOf(db: Executor, productId: string, vendorId: string): Promise<ConfigurationRow[]> {
  const { rows } = await db.execute<ConfigurationRow>(sql`
    select v.id, v.options, v.sku, v.ean, v.status, v.position, v.mrp_paise, v.hsn_code, v.gst_rate_bp, v.processor, v.ram_gb,
           v.storage_gb, v.storage_type, v.screen_size_in::float8 as screen_size_in, v.colour,
           o.id as offer_id, o.price_paise, o.stock, o.dispatch_days,
           exists (select 1 from order_line_directory oi where oi.product_id = v.product_id and oi.variant_id = v.id) as ordered,
           exists (select 1 from product_image_directory pi where pi.product_id = v.product_id and pi.variant_id = v.id) as has_pictures,
           (select coalesce(json_agg(json_build_object('offer_id', x.id, 'seller_name', s.business_name, 'price_paise', x.price_paise,
                     'stock', x.stock, 'dispatch_days', x.dispatch_days, 'condition', x.condition, 'status', x.status)
                     order by x.price_paise, x.id), '[]')
              from offers x join seller_directory s on s.id = x.vendor_id
             where x.variant_id = v.id and x.vendor_id <> ${vendorId}) as other_offers
      from product_variants v
      left join offers o on o.variant_id = v.id and o.vendor_id = ${vendorId} and o.condition = 'new'
     where v.product_id = ${productId}
     order by v.status, v.position, v.created_at, v.id`);
  return rows;
}

/** Locks the seller's offers of the product (after its row, which the caller locked first). */
export async function lockOffersOf(db: Executor, productId: string, vendorId: string): Promise<void> {
  await db.execute(sql`select id from offers where product_id = ${productId} and vendor_id = ${vendorId} order by id for update`);
}

/** This release writes the product's variants itself (decision 70): the legacy copy trigger leaves its inserts alone. */
export async function declareVariantWrites(db: Executor): Promise<void> {
  await db.execute(sql`select set_config('shop.writes_variants', 'on', true)`);
}

/** The seller's SKUs among `skus` used by its offers of other products. */
export async function skusUsedElsewhere(db: Executor, vendorId: string, productId: string, skus: readonly string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const { rows } = await db.execute<{ sku: string }>(sql`
    select seller_sku as sku from offers
     where vendor_id = ${vendorId} and product_id <> ${productId} and seller_sku = any(${textArray(skus)}::text[])
    union
    select sku from products where vendor_id = ${vendorId} and id <> ${productId} and sku = any(${textArray(skus)}::text[])`);
  return rows.map((r) => r.sku);
}

export type VariantValues = {
  options: Record<string, string>;
  sku: string | null;
  ean: string | null;
  status: string;
  position: number;
  mrpPaise: number;
  hsnCode: string;
  gstRateBp: number;
  processor: string | null;
  ramGb: number | null;
  storageGb: number | null;
  storageType: string | null;
  screenSizeIn: number | null;
  colour: string | null;
  specTerms: string;
};

/** Parks the options of variants about to change, so that two configurations may swap names in one save (unique per product). */
export async function parkOptions(db: Executor, productId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update product_variants set options = jsonb_build_object('_parked', id)
     where product_id = ${productId} and id = any(${textArray(ids)}::text[])`);
}

/** A new configuration: what it does not say of its own (graphics, OS, display, parcel…) is the product's. */
export async function insertVariant(db: Executor, productId: string, id: string, v: VariantValues): Promise<void> {
  await db.execute(sql`
    insert into product_variants (id, product_id, options, sku, ean, status, position, mrp_paise, hsn_code, gst_rate_bp, processor,
        processor_family, ram_gb, storage_gb, storage_type, graphics, operating_system, screen_size_in, resolution, resolution_name,
        panel_type, refresh_rate_hz, ports, colour, weight_grams, length_mm, width_mm, height_mm, spec_terms)
    select ${id}, p.id, ${JSON.stringify(v.options)}::jsonb, ${v.sku}, ${v.ean}, ${v.status}, ${v.position}, ${v.mrpPaise}, ${v.hsnCode},
           ${v.gstRateBp}, ${v.processor}, p.processor_family, ${v.ramGb}, ${v.storageGb}, ${v.storageType}, p.graphics, p.operating_system,
           ${v.screenSizeIn}, p.resolution, p.resolution_name, p.panel_type, p.refresh_rate_hz, p.ports, ${v.colour}, p.weight_grams,
           p.length_mm, p.width_mm, p.height_mm, ${v.specTerms}
      from products p where p.id = ${productId}`);
}

export async function updateVariant(db: Executor, productId: string, id: string, v: VariantValues): Promise<void> {
  await db.execute(sql`
    update product_variants set options = ${JSON.stringify(v.options)}::jsonb, sku = ${v.sku}, ean = ${v.ean}, status = ${v.status},
           position = ${v.position}, mrp_paise = ${v.mrpPaise}, hsn_code = ${v.hsnCode}, gst_rate_bp = ${v.gstRateBp},
           processor = ${v.processor}, ram_gb = ${v.ramGb}, storage_gb = ${v.storageGb}, storage_type = ${v.storageType},
           screen_size_in = ${v.screenSizeIn}, colour = ${v.colour}, spec_terms = ${v.specTerms}, updated_at = now()
     where id = ${id} and product_id = ${productId}`);
}

export async function archiveVariant(db: Executor, productId: string, id: string, position: number): Promise<void> {
  await db.execute(sql`
    update product_variants set status = 'archived', position = ${position}, updated_at = now() where id = ${id} and product_id = ${productId}`);
}

/**
 * Removes a configuration no order names (its offers go with it); false, and nothing removed, when one does
 * (an order moved here with a merge, say, which the grid's `ordered` does not see): the caller archives it.
 */
export async function deleteVariant(db: Executor, productId: string, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`delete from product_variants where id = ${id} and product_id = ${productId}
     and not exists (select 1 from order_line_directory oi where oi.product_id = ${productId} and oi.variant_id = ${id}) returning id`);
  return rows.length === 1;
}

/**
 * The product's own columns of its configuration of the same id (decision 70): while the previous release
 * reads them, they are kept equal, and the copy triggers carry the price and stock to its offer.
 */
export async function updateLegacyProduct(
  db: Executor,
  productId: string,
  values: {
    optionKeys: string[];
    own?: {
      pricePaise: number;
      stock: number;
      sku: string | null;
      mrpPaise: number;
      hsnCode: string;
      gstRateBp: number;
      processor: string | null;
      ramGb: number | null;
      storageGb: number | null;
      storageType: string | null;
      screenSizeIn: number | null;
      specTerms: string;
    };
  },
): Promise<void> {
  const own = values.own;
  const keys = textArray(values.optionKeys);
  if (!own) {
    await db.execute(sql`update products set option_keys = ${keys}::text[], updated_at = now() where id = ${productId}`);
    return;
  }
  await db.execute(sql`
    update products set option_keys = ${keys}::text[], price_paise = ${own.pricePaise}, stock = ${own.stock}, sku = ${own.sku},
           mrp_paise = ${own.mrpPaise}, hsn_code = ${own.hsnCode}, gst_rate_bp = ${own.gstRateBp}, processor = ${own.processor},
           ram_gb = ${own.ramGb}, storage_gb = ${own.storageGb}, storage_type = ${own.storageType}, screen_size_in = ${own.screenSizeIn},
           spec_terms = ${own.specTerms}, updated_at = now()
     where id = ${productId}`);
}

export type OfferValues = { pricePaise: number; stock: number; dispatchDays: number; sellerSku: string | null };

export async function insertOwnOffer(
  db: Executor,
  values: OfferValues & { id: string; variantId: string; productId: string; vendorId: string; warranty: string; warrantyMonths: number },
): Promise<void> {
  await db.execute(sql`
    insert into offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, dispatch_days, warranty, warranty_months)
    values (${values.id}, ${values.variantId}, ${values.productId}, ${values.vendorId}, ${values.sellerSku}, ${values.pricePaise},
            ${values.stock}, ${values.dispatchDays}, ${values.warranty}, ${values.warrantyMonths})`);
}

export async function updateOwnOffer(db: Executor, vendorId: string, offerId: string, values: OfferValues): Promise<void> {
  await db.execute(sql`
    update offers set price_paise = ${values.pricePaise}, stock = ${values.stock}, dispatch_days = ${values.dispatchDays},
           seller_sku = ${values.sellerSku}, updated_at = now()
     where id = ${offerId} and vendor_id = ${vendorId}`);
}

/** Clears the SKUs of the seller's offers of the product before they are written again (two may swap SKUs in one save). */
export async function parkOfferSkus(db: Executor, productId: string, vendorId: string): Promise<void> {
  await db.execute(sql`update offers set seller_sku = null where product_id = ${productId} and vendor_id = ${vendorId} and id <> product_id
     and seller_sku is not null`);
}

/** Whether the configuration is one of the product's (a picture is marked as showing it). */
export async function isVariantOf(db: Executor, productId: string, variantId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from product_variants where id = ${variantId} and product_id = ${productId}`);
  return rows.length === 1;
}
