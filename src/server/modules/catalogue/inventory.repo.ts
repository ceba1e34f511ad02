import { sql } from 'drizzle-orm';
import { intArray, parameterList, textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';

/**
 * A seller's offer as checkout needs it (decision 70): the product (`id`), its configuration and the offer,
 * the offer's price, stock and seller, the configuration's MRP and GST, whether it can be bought at all.
 */
export type ProductForCheckout = {
  id: string;
  offer_id: string;
  variant_id: string;
  /** The configuration's option values, by option key ({} for a product of one configuration). */
  variant_options: Record<string, string>;
  /** The product's options in the picker's order, which names the line's configuration. */
  option_keys: string[];
  name: string;
  brand: string;
  category: string;
  hsn_code: string;
  gst_rate_bp: number;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  on_sale: boolean;
  vendor_id: string;
  seller_name: string;
  seller_state: string;
  seller_gstin: string | null;
  /** The offer's warranty in months, which the order line keeps (decision 72). */
  warranty_months: number;
  /** The product's quantity limits per order line (decision 77); null: the shop's defaults. */
  max_consumer_quantity: number | null;
  max_business_quantity: number | null;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
};

/**
 * The offers of a cart as checkout prices them, by offer id (a line without one names its product's own
 * offer, which has the product's id). Prepared (decision 38), one text per number of lines (at most
 * MAX_CART_LINES): each connection keeps its plan of the views of sellers and pictures joined.
 * On sale: the product and its configuration listed, the offer active, its seller approved.
 */
export async function productsForCheckout(db: Executor, offerIds: readonly string[]): Promise<ProductForCheckout[]> {
  if (offerIds.length === 0) return [];
  const { rows } = await db.execute<ProductForCheckout>(
    prepared(
      'checkout-offers',
      sql`
    select p.id, o.id as offer_id, o.variant_id, pv.options as variant_options, p.option_keys, p.name, p.brand, p.category, pv.hsn_code, pv.gst_rate_bp, o.price_paise,
           pv.mrp_paise, o.stock, o.warranty_months, p.max_consumer_quantity, p.max_business_quantity,
           (p.status = 'active' and pv.status = 'active' and o.status = 'active' and o.vendor_active) as on_sale,
           o.vendor_id, v.business_name as seller_name, v.pickup_state as seller_state, v.gstin as seller_gstin,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height
      from offers o
      join product_variants pv on pv.id = o.variant_id
      join products p on p.id = o.product_id
      join seller_directory v on v.id = o.vendor_id
      left join lateral (select id, alt, width, height from product_image_directory where product_id = p.id order by position limit 1) i on true
     where o.id in (${parameterList(offerIds)})`,
    ),
  );
  return rows;
}

/**
 * Takes `quantity` from the stock of an offer on sale, only if that much is left and it still costs
 * `pricePaise`: the row locks and the re-checked condition make concurrent checkouts queue and never
 * oversell. The product's row is locked first (its units sold counted), then the offer's: every
 * checkout takes them in that order, so two never wait on each other in a circle. The stock left, or
 * undefined when it could not be taken.
 */
export async function takeStock(
  db: Executor,
  line: { productId: string; offerId: string; quantity: number; pricePaise: number },
): Promise<number | undefined> {
  const { productId, offerId, quantity, pricePaise } = line;
  // One statement: the product's row is updated (so locked) in the first part, which the offer's condition
  // reads before it scans the offers. An offer that cannot be bought leaves the product counted: the
  // checkout then rolls its transaction back.
  const { rows } = await db.execute<{ stock: number }>(
    prepared(
      'take-offer-stock',
      sql`
    with listed as (
      update products set sold_count = sold_count + ${quantity}, updated_at = now()
       where id = ${productId} and status = 'active' returning id)
    update offers set stock = stock - ${quantity}, sold_count = sold_count + ${quantity}, updated_at = now()
     where id = ${offerId} and product_id = (select id from listed) and stock >= ${quantity} and price_paise = ${pricePaise}
       and status = 'active' and vendor_active
       and exists (select 1 from product_variants pv where pv.id = offers.variant_id and pv.status = 'active')
    returning stock`,
    ),
  );
  return rows[0]?.stock;
}

/** Puts quantities back into the offers' stock (and out of the units sold), products first as `takeStock` locks them. */
export async function restock(db: Executor, lines: readonly { productId: string; offerId: string; quantity: number }[]): Promise<void> {
  if (lines.length === 0) return;
  const products = textArray(lines.map((l) => l.productId));
  const offerIds = textArray(lines.map((l) => l.offerId));
  const quantities = intArray(lines.map((l) => l.quantity));
  await db.execute(sql`
    update products p set sold_count = greatest(0, p.sold_count - q.quantity), updated_at = now()
      from (select product_id, sum(quantity)::int as quantity
              from unnest(${products}::text[], ${quantities}::int[]) as l(product_id, quantity)
             group by product_id) q
     where p.id = q.product_id`);
  await db.execute(sql`
    update offers o set stock = o.stock + q.quantity, sold_count = greatest(0, o.sold_count - q.quantity), updated_at = now()
      from (select offer_id, sum(quantity)::int as quantity
              from unnest(${offerIds}::text[], ${quantities}::int[]) as l(offer_id, quantity)
             group by offer_id) q
     where o.id = q.offer_id`);
}

/** Whether the product exists and customers may see it (active, of an approved vendor). */
export async function isOnSale(db: Executor, productId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select p.id from products p where p.id = ${productId} and p.status = 'active' and p.vendor_active limit 1`,
  );
  return rows.length > 0;
}

/** Sets the product's average rating (2 decimals) and count; false when the product no longer exists. */
export async function setRating(db: Executor, productId: string, rating: { average: string; count: number }): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update products set rating_avg = ${rating.average}, rating_count = ${rating.count} where id = ${productId} returning id`,
  );
  return rows.length === 1;
}
