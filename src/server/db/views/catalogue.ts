import { sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { products } from '../schema/catalogue';

/**
 * Published by the catalogue: a product's name, seller and status, and whether customers may buy it
 * now (`on_sale`: active, of an approved vendor). Wishlists and media ask this view, not the table.
 */
export const productDirectory = pgView('product_directory').as((qb) =>
  qb
    .select({
      id: products.id,
      vendorId: products.vendorId,
      name: products.name,
      status: products.status,
      onSale: sql<boolean>`(${products.status} = 'active' and ${products.vendorActive})`.as('on_sale'),
    })
    .from(products),
);
