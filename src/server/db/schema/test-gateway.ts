import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in test payment gateway (the embedded default provider). It behaves like Razorpay's
 * test mode and keeps its own records, apart from the shop's: the shop only talks to it through the
 * payment-provider interface, as it would to Razorpay.
 */
export const gatewayOrders = pgTable(
  'gateway_orders',
  {
    /** order_… */
    id: text('id').primaryKey(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** The shop's reference (its order number). */
    receipt: text('receipt').notNull(),
    status: text('status').notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('gateway_orders_status_check', sql`${t.status} in ('created', 'attempted', 'paid')`),
    check('gateway_orders_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    /** pay_… */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => gatewayOrders.id),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    /** What the payer used: card last four digits, UPI id, bank code, EMI tenure. */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('gateway_payments_method_check', sql`${t.method} in ('card', 'upi', 'netbanking', 'emi')`),
    check('gateway_payments_status_check', sql`${t.status} in ('created', 'authorized', 'captured', 'failed', 'refunded')`),
    check('gateway_payments_refund_check', sql`${t.amountRefundedPaise} between 0 and ${t.amountPaise}`),
    index('gateway_payments_order_idx').on(t.orderId),
  ],
);

export const gatewayRefunds = pgTable(
  'gateway_refunds',
  {
    /** rfnd_… */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => gatewayPayments.id),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull().default('processed'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('gateway_refunds_amount_check', sql`${t.amountPaise} > 0`), index('gateway_refunds_payment_idx').on(t.paymentId)],
);

/** Webhook events the gateway sends to the shop: signed, retried until delivered (at least once). */
export const gatewayWebhookDeliveries = pgTable(
  'gateway_webhook_deliveries',
  {
    /** evt_… (the x-razorpay-event-id header) */
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    /** The exact body that is signed and sent. */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('gateway_webhook_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
