import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * The shop's record of an order's payment (one per order; cash on delivery too). For online methods
 * it holds the provider's order id and, once paid, the payment id.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull().default('created'),
    providerOrderId: text('provider_order_id').unique(),
    providerPaymentId: text('provider_payment_id').unique(),
    /** How the customer actually paid at the provider (card, upi, netbanking, emi). */
    paidWith: text('paid_with'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's id of the latest failed attempt (a failure is recorded once, however often it is reported). */
    lastFailedPaymentId: text('last_failed_payment_id'),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('payments_provider_check', sql`${t.provider} in ('test-gateway', 'razorpay', 'cod')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded', 'cancelled')`,
    ),
    check('payments_refund_check', sql`${t.amountRefundedPaise} between 0 and ${t.amountPaise}`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerRefundId: text('provider_refund_id').unique(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
  ],
);

/** Webhook events already handled: a provider may send one event several times. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
});
