import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';

/** A customer's rating (1–5) and review of a product; one per customer and product. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** Set when an admin hides the review (with the reason); hidden reviews leave the page and the rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    unique('product_reviews_once_key').on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.createdAt),
    /** The admins' list of every review, newest first. */
    index('product_reviews_created_idx').on(t.createdAt, t.id),
  ],
);
