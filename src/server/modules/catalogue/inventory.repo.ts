import { sql } from 'drizzle-orm';
import { intArray, parameterList, textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';

/** A product as checkout needs it: its price, stock and seller, whether or not it is on sale. */
export type ProductForCheckout = {
  id: string;
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
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
};

/**
 * The products of a cart as checkout prices them. Prepared (decision 38), one text per number of
 * lines (at most MAX_CART_LINES): each connection keeps its plan of the views of sellers and pictures
 * joined (0.5 ms to make).
 */
export async function productsForCheckout(db: Executor, ids: readonly string[]): Promise<ProductForCheckout[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<ProductForCheckout>(
    prepared(
      'checkout-products',
      sql`
    select p.id, p.name, p.brand, p.category, p.hsn_code, p.gst_rate_bp, p.price_paise, p.mrp_paise, p.stock,
           (p.status = 'active' and p.vendor_active) as on_sale,
           p.vendor_id, v.business_name as seller_name, v.pickup_state as seller_state, v.gstin as seller_gstin,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height
      from products p
      join seller_directory v on v.id = p.vendor_id
      left join lateral (select id, alt, width, height from product_image_directory where product_id = p.id order by position limit 1) i on true
     where p.id in (${parameterList(ids)})`,
    ),
  );
  return rows;
}

/**
 * Takes `quantity` from the stock of a product on sale, only if that much is left and it still costs
 * `pricePaise`: the row lock and the re-checked condition make concurrent checkouts queue on the row
 * and never oversell. The stock left, or undefined when it could not be taken.
 */
export async function takeStock(db: Executor, productId: string, quantity: number, pricePaise: number): Promise<number | undefined> {
  const { rows } = await db.execute<{ stock: number }>(
    prepared(
      'take-stock',
      sql`
    update products set stock = stock - ${quantity}, sold_count = sold_count + ${quantity}, updated_at = now()
     where id = ${productId} and stock >= ${quantity} and price_paise = ${pricePaise} and status = 'active' and vendor_active
    returning stock`,
    ),
  );
  return rows[0]?.stock;
}

/** Puts quantities back into stock (and out of the sold count), one statement for all the lines. */
export async function restock(db: Executor, lines: readonly { productId: string; quantity: number }[]): Promise<void> {
  if (lines.length === 0) return;
  await db.execute(sql`
    update products p set stock = p.stock + q.quantity, sold_count = greatest(0, p.sold_count - q.quantity), updated_at = now()
      from (select product_id, sum(quantity)::int as quantity
              from unnest(${textArray(lines.map((l) => l.productId))}::text[], ${intArray(lines.map((l) => l.quantity))}::int[])
                as l(product_id, quantity)
             group by product_id) q
     where p.id = q.product_id`);
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
