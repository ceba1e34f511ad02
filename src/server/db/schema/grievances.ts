import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';

/**
 * Complaints to the grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)–(5);
 * decision 74): filed from an order or the contact page, each with its ticket number and the dates its
 * acknowledgement (48 hours) and resolution (one month) fall due, computed once at receipt.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: text('id').primaryKey(),
    /** GRV-2026-000123: what the complainant quotes; numbered per year from grievance_ticket_counters. */
    ticketNumber: text('ticket_number').notNull().unique(),
    /** The complainant's account (none for a visitor from the contact page). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    /** 'order' (the order's page) or 'contact' (the contact page). */
    source: text('source').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order's number as it was quoted or looked up (kept should the order row go). */
    orderNumber: text('order_number'),
    orderItemId: text('order_item_id'),
    /** The line's product name on the order. */
    itemName: text('item_name'),
    category: text('category').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('received'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    resolution: text('resolution'),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('grievances_received_idx').on(t.receivedAt),
    index('grievances_status_idx').on(t.status, t.receivedAt),
    index('grievances_user_idx').on(t.userId, t.receivedAt),
    index('grievances_order_idx').on(t.orderId),
    check('grievances_status_check', sql`${t.status} in ('received', 'acknowledged', 'resolved', 'closed')`),
    check('grievances_source_check', sql`${t.source} in ('order', 'contact')`),
    check('grievances_category_check', sql`${t.category} in ('delivery', 'product_defect', 'refund', 'seller_conduct', 'other')`),
  ],
);

/** The thread of a complaint: the complainant's and the officer's messages, oldest first. */
export const grievanceMessages = pgTable(
  'grievance_messages',
  {
    id: text('id').primaryKey(),
    grievanceId: text('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    /** 'customer' or 'officer'. */
    author: text('author').notNull(),
    /** The admin who wrote an officer's message. */
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('grievance_messages_grievance_idx').on(t.grievanceId, t.createdAt),
    check('grievance_messages_author_check', sql`${t.author} in ('customer', 'officer')`),
  ],
);

/** The last ticket number given in each year: taken with a row lock, so concurrent complaints never share one. */
export const grievanceTicketCounters = pgTable('grievance_ticket_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
