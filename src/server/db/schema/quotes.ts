import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { buyerBusinesses } from './addresses';
import { offers, products } from './catalogue';
import { vendors } from './vendors';

/**
 * A customer's request for a price on a quantity of one seller's offer (decision 77), and the seller's answer: a unit
 * price valid until `validUntil`, or a decline with its reason. `ordered` once an order paid it (`orderId`); a quote
 * is used once. The product's name, picture, the offer's price and the MRP are kept as they were when asked.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    businessId: text('business_id').references(() => buyerBusinesses.id, { onDelete: 'set null' }),
    /** The business asked for, as it was: `{ gstin, legalName }`. */
    business: jsonb('business').$type<{ gstin: string; legalName: string }>(),
    productName: text('product_name').notNull(),
    imageId: text('image_id'),
    sellerName: text('seller_name').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    listPricePaise: integer('list_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    /** requested, answered, declined, ordered (expired is an answered quote past validUntil). */
    status: text('status').notNull().default('requested'),
    unitPricePaise: integer('unit_price_paise'),
    validDays: integer('valid_days'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    answerNote: text('answer_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The order that paid it (the orders module's id; no key across modules). */
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('quote_requests_status_check', sql`${t.status} in ('requested', 'answered', 'declined', 'ordered')`),
    check('quote_requests_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check(
      'quote_requests_answer_check',
      sql`${t.status} not in ('answered', 'ordered') or (${t.unitPricePaise} > 0 and ${t.unitPricePaise} <= ${t.mrpPaise} and ${t.validUntil} is not null)`,
    ),
    index('quote_requests_vendor_idx').on(t.vendorId, t.status, t.createdAt),
    index('quote_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
