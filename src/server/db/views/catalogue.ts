import { sql } from 'drizzle-orm';
import { integer, pgView, text } from 'drizzle-orm/pg-core';
import { products, productVariants } from '../schema/catalogue';

/**
 * Published by the catalogue: a product's name, seller and status, whether customers may buy it
 * now (`on_sale`: active, of an approved vendor) and whether any is left (`in_stock`). Wishlists,
 * media, back-in-stock alerts and the reviews' pages ask this view, not the table.
 */
export const productDirectory = pgView('product_directory').as((qb) =>
  qb
    .select({
      id: products.id,
      vendorId: products.vendorId,
      name: products.name,
      status: products.status,
      onSale: sql<boolean>`(${products.status} = 'active' and ${products.vendorActive})`.as('on_sale'),
      inStock: sql<boolean>`(${products.stock} > 0)`.as('in_stock'),
    })
    .from(products),
);

/**
 * Published by the catalogue (decision 78): each product's and each configuration's packed weight and box,
 * for the shipping module to weigh a parcel. A configuration's row has its `variant_id`; the product's own
 * row has none. Null where the seller has not given them.
 */
export const parcelDirectory = pgView('parcel_directory', {
  productId: text('product_id').notNull(),
  variantId: text('variant_id'),
  weightGrams: integer('weight_grams'),
  lengthMm: integer('length_mm'),
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
}).as(
  sql`select ${products.id} as product_id, null::text as variant_id, ${products.weightGrams} as weight_grams,
    ${products.lengthMm} as length_mm, ${products.widthMm} as width_mm, ${products.heightMm} as height_mm from ${products}
    union all
    select ${productVariants.productId}, ${productVariants.id}, ${productVariants.weightGrams}, ${productVariants.lengthMm},
    ${productVariants.widthMm}, ${productVariants.heightMm} from ${productVariants}`,
);
