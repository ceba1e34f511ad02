import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/sql-text';

/**
 * A seller's offers of products other sellers listed (decision 70), as the products module reads and
 * writes them for the seller centre: the catalogue owns `offers`, `product_variants` and `products`, so
 * its statements are here, handed over with `productRecords`. Every statement filters by the seller.
 */

export type MatchedRow = {
  product_id: string;
  name: string;
  brand: string;
  model: string | null;
  category: string;
  option_keys: string[];
  /** The product's first picture (the vendor list's), null when it has none. */
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  variant_id: string;
  options: Record<string, string>;
  ean: string | null;
  mrp_paise: number;
  from_price_paise: number | null;
  offer_count: number;
  /** The sellers with an offer of it on sale (active, in stock, a seller who may sell). */
  seller_count: number;
  offered_by_you: boolean;
};

/**
 * Products on sale that another seller listed whose brand, name or model holds the text, or with a
 * configuration of that EAN, with their first picture and each configuration's lowest price on sale, its
 * offers and the sellers selling it (at most 10 products).
 */
export async function matchCatalogue(db: Executor, vendorId: string, q: string): Promise<MatchedRow[]> {
  const pattern = `%${escapeLike(q)}%`;
  const { rows } = await db.execute<MatchedRow>(sql`
    with found as (
      select p.id, p.name, p.brand, p.model, p.category, p.option_keys from products p
       where p.status = 'active' and p.merged_into is null and p.vendor_id <> ${vendorId}
         and (p.brand ilike ${pattern} or p.name ilike ${pattern} or p.model ilike ${pattern}
              or exists (select 1 from product_variants e where e.product_id = p.id and e.ean = ${q}))
       order by p.brand, p.name, p.id
       limit 10)
    select f.id as product_id, f.name, f.brand, f.model, f.category, f.option_keys,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height,
           v.id as variant_id, v.options, v.ean, v.mrp_paise,
           (select min(o.price_paise) from offers o where o.variant_id = v.id and o.status = 'active' and o.vendor_active and o.stock > 0)
             as from_price_paise,
           (select count(*)::int from offers o where o.variant_id = v.id) as offer_count,
           (select count(distinct o.vendor_id)::int from offers o
             where o.variant_id = v.id and o.status = 'active' and o.vendor_active and o.stock > 0) as seller_count,
           exists (select 1 from offers o where o.variant_id = v.id and o.vendor_id = ${vendorId}) as offered_by_you
      from found f join product_variants v on v.product_id = f.id and v.status = 'active'
      left join product_image_directory i on i.product_id = f.id and i.position = 0
     order by f.brand, f.name, f.id, v.options::text`);
  return rows;
}

export type OfferRow = {
  id: string;
  product_id: string;
  variant_id: string;
  product_name: string;
  brand: string;
  option_keys: string[];
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  options: Record<string, string>;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  dispatch_days: number;
  warranty: string;
  warranty_months: number;
  condition: 'new' | 'refurbished';
  grade: 'A' | 'B' | 'C' | null;
  status: 'active' | 'paused';
  seller_sku: string | null;
  sold_count: number;
  created_at: Date;
};

const offerColumns = sql`o.id, o.product_id, o.variant_id, p.name as product_name, p.brand, p.option_keys,
  i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height, v.options, o.price_paise, v.mrp_paise,
  o.stock, o.dispatch_days, o.warranty, o.warranty_months, o.condition, o.grade, o.status, o.seller_sku, o.sold_count, o.created_at`;
/** The offer with its configuration, its product and the product's first picture. */
const offerSources = sql`offers o join product_variants v on v.id = o.variant_id join products p on p.id = o.product_id
  left join product_image_directory i on i.product_id = p.id and i.position = 0`;

/** The seller's offers of products other sellers listed, newest first (its own products' offers are its products). */
export async function ownOffers(db: Executor, vendorId: string): Promise<OfferRow[]> {
  const { rows } = await db.execute<OfferRow>(sql`
    select ${offerColumns} from ${offerSources}
     where o.vendor_id = ${vendorId} and p.vendor_id <> ${vendorId}
     order by o.created_at desc, o.id desc`);
  return rows;
}

/**
 * One of the seller's offers, locked when `forUpdate`; undefined for another seller's or none. Its product's
 * row is locked first, as every checkout locks them (inventory.repo.ts): a change of the offer's price or a sell-out
 * writes the product's listing (migration 0037), and the reverse order would let a checkout and this wait on each other.
 */
export async function ownOffer(db: Executor, vendorId: string, offerId: string, forUpdate = false): Promise<OfferRow | undefined> {
  if (forUpdate) {
    await db.execute(sql`select p.id from products p where p.id = (select o.product_id from offers o where o.id = ${offerId} and o.vendor_id = ${vendorId})
      for no key update`);
  }
  const { rows } = await db.execute<OfferRow>(sql`
    select ${offerColumns} from ${offerSources}
     where o.id = ${offerId} and o.vendor_id = ${vendorId} and p.vendor_id <> ${vendorId}
     ${forUpdate ? sql`for update of o` : sql``}`);
  return rows[0];
}

/** A configuration a seller may offer: on sale, of a product on sale that another seller listed; undefined otherwise. */
export async function offerableVariant(
  db: Executor,
  vendorId: string,
  variantId: string,
): Promise<{ id: string; product_id: string; mrp_paise: number; name: string } | undefined> {
  const { rows } = await db.execute<{ id: string; product_id: string; mrp_paise: number; name: string }>(sql`
    select v.id, v.product_id, v.mrp_paise, p.name from product_variants v join products p on p.id = v.product_id
     where v.id = ${variantId} and v.status = 'active' and p.status = 'active' and p.merged_into is null and p.vendor_id <> ${vendorId}`);
  return rows[0];
}

export async function insertOffer(
  db: Executor,
  values: {
    id: string;
    variantId: string;
    productId: string;
    vendorId: string;
    sellerSku: string | null;
    pricePaise: number;
    stock: number;
    dispatchDays: number;
    warranty: string;
    warrantyMonths: number;
    condition: string;
    grade: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    insert into offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, dispatch_days, warranty, warranty_months,
                        condition, grade)
    values (${values.id}, ${values.variantId}, ${values.productId}, ${values.vendorId}, ${values.sellerSku}, ${values.pricePaise},
            ${values.stock}, ${values.dispatchDays}, ${values.warranty}, ${values.warrantyMonths}, ${values.condition}, ${values.grade})`);
}

/** Changes the seller's offer (the caller found it its own under lock). */
export async function updateOffer(
  db: Executor,
  offerId: string,
  patch: { pricePaise?: number; stock?: number; dispatchDays?: number; status?: string },
): Promise<void> {
  await db.execute(sql`
    update offers set price_paise = coalesce(${patch.pricePaise ?? null}::int, price_paise),
                      stock = coalesce(${patch.stock ?? null}::int, stock),
                      dispatch_days = coalesce(${patch.dispatchDays ?? null}::int, dispatch_days),
                      status = coalesce(${patch.status ?? null}::text, status),
                      updated_at = now()
     where id = ${offerId}`);
}
