import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';

/**
 * Back-in-stock alerts (decision 28): one row per person and sold-out product. A signed-in
 * person's alert (`userId`) is on at once and e-mails the account's current address; a visitor's
 * (`userId` null) is `pending` until the e-mailed link is opened. `waiting` alerts of a product on
 * sale with stock are claimed by the alert job, which sets `notified` in the transaction that
 * writes their one e-mail; asking again re-arms the same row.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case. A visitor's confirmed address; for an account, its address when it asked. */
    email: text('email').notNull(),
    /** pending (visitor, link not opened) → waiting → notified; stopped by the person. */
    status: text('status').notNull(),
    /** SHA-256 of the confirmation link's token (never the token); null once used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** When the last confirmation e-mail was written: a double click within a minute sends no second one. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_alerts_status_check', sql`${t.status} in ('pending', 'waiting', 'notified', 'stopped')`),
    uniqueIndex('stock_alerts_account_key')
      .on(t.productId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('stock_alerts_visitor_key')
      .on(t.productId, t.email)
      .where(sql`${t.userId} is null`),
    uniqueIndex('stock_alerts_confirm_token_key').on(t.confirmTokenHash),
    // The job's scan: only waiting alerts, by product.
    index('stock_alerts_waiting_idx')
      .on(t.productId)
      .where(sql`${t.status} = 'waiting'`),
    index('stock_alerts_user_idx').on(t.userId, t.createdAt),
    index('stock_alerts_email_idx').on(t.email),
  ],
);
