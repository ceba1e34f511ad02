import { sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { products } from '../schema/catalogue';

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
