import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalogue';

/** An image of a product; the master file lives in the media store under `storageKey`. */
export const productImages = pgTable(
  'product_images',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** A picture of one configuration (decision 70); null for the model's pictures. */
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The web address the picture was fetched from (a CSV import's `picture_urls`, decision 61); null for an upload. */
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [unique('product_images_position_key').on(t.productId, t.position)],
);
