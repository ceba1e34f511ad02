import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';
import { vendors } from './vendors';

/** The delivery address as it was when the order was placed (an address book entry may change later). */
export interface AddressSnapshot {
  fullName: string;
  mobile: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}

/**
 * Coupon codes: percent (with an optional cap) or flat, a minimum order, a validity window, and
 * limits on total and per-customer use. `used_count` counts redemptions of orders that still hold
 * them; cancelling or expiring an order gives its redemption back.
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Upper case, as the customer types it (compared case-insensitively). */
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    kind: text('kind').notNull(),
    /** Percent for 'percent', paise for 'flat'. */
    value: integer('value').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Total redemptions allowed; null for no limit. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} = 'flat' or ${t.value} <= 90)`),
    check('coupons_code_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 30`),
    check('coupons_usage_check', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
    check('coupons_per_customer_check', sql`${t.perCustomerLimit} >= 1`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Sequence behind the human order number. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    /** What the customer quotes on the phone: SC-100042. */
    orderNumber: text('order_number')
      .notNull()
      .generatedAlwaysAs(sql`'SC-' || (100000 + seq)::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    /** The seed's orderDate: when the order was placed. The orders list sorts by it, newest first. */
    orderDate: timestamp('order_date', { withTimezone: true }).defaultNow().notNull(),
    paymentMethod: text('payment_method').notNull(),
    emiTenureMonths: integer('emi_tenure_months'),
    deliveryOption: text('delivery_option').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    shippingPaise: integer('shipping_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    couponCode: text('coupon_code'),
    /** The client's Idempotency-Key: the same key from the same customer is the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the request the key was first used with (another request with the key is refused). */
    requestHash: text('request_hash').notNull(),
    expectedFrom: date('expected_from', { mode: 'string' }),
    expectedBy: date('expected_by', { mode: 'string' }),
    /** Unpaid orders are cancelled at this time and give their stock back. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'placed', 'processing', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded')`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('card', 'upi', 'netbanking', 'emi', 'cod')`),
    check('orders_delivery_check', sql`${t.deliveryOption} in ('standard', 'express')`),
    check(
      'orders_total_check',
      sql`${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.shippingPaise} and ${t.totalPaise} > 0`,
    ),
    unique('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_date_idx').on(t.userId, t.orderDate.desc()),
    index('orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);

/** One line of an order: the product and its price as they were when the order was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    hsnCode: text('hsn_code').notNull(),
    imageId: text('image_id'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    taxablePaise: integer('taxable_paise').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerState: text('seller_state').notNull(),
    sellerGstin: text('seller_gstin'),
    position: integer('position').notNull(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_total_check', sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`),
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_vendor_idx').on(t.vendorId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** The order timeline: every change of status and every payment, refund or shipment, with who and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A status the order entered, or payment_failed / payment_captured / refund / shipment / note. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    actorRole: text('actor_role').notNull(),
    actorUserId: text('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('order_events_actor_check', sql`${t.actorRole} in ('customer', 'vendor', 'admin', 'system', 'payment')`),
    index('order_events_order_idx').on(t.orderId, t.id),
  ],
);

/** One shipment per vendor of an order, with carrier and tracking number. */
export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    status: text('status').notNull().default('shipped'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).defaultNow().notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('shipments_status_check', sql`${t.status} in ('shipped', 'delivered')`),
    unique('shipments_order_vendor_key').on(t.orderId, t.vendorId),
  ],
);

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

/** Which order used which coupon: the per-customer limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponCode, t.orderId] }),
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponCode, t.userId),
  ],
);
