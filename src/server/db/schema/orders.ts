import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { InvoiceShopSettings } from '~/shared/schemas/settings';
import { users } from './auth';
import { offers, products, productVariants } from './catalogue';
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

/** The business an order was bought for, as it was when the order was placed (decision 71). */
export interface BusinessSnapshot {
  gstin: string;
  legalName: string;
  billingAddress: { line1: string; line2: string | null; city: string; state: string; pinCode: string };
}

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
    /** The buyer's business (a B2B tax invoice, place of supply its GSTIN's state); null for a consumer's order. */
    business: jsonb('business').$type<BusinessSnapshot>(),
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
    /** Who issues the order's invoice and credit notes (the shop's settings when it was placed); null on orders from before. */
    invoiceIssuer: jsonb('invoice_issuer').$type<InvoiceShopSettings>(),
    /** The return window (days after delivery) the shop's settings promised when the order was placed. */
    returnWindowDays: integer('return_window_days').notNull().default(7),
    returnReason: text('return_reason'),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    /**
     * Where the shop transfers the refund of a returned cash-on-delivery order, as the customer gave
     * it on the order page. Shown whole only to admins (who make the transfer); masked to the customer.
     * Sealed (decision 52: holder, number and IFSC as one AES-GCM value).
     */
    refundAccountSealed: text('refund_account_sealed'),
    // The plain `refund_account_name`, `refund_account_number` and `refund_ifsc` of before decision 52
    // (with their check `orders_refund_account_check`: all three or none) are still in the table,
    // empty, until the next release drops them: left out here so that no query names them (decision
    // 31). `npm run db:generate` proposes dropping them: not in this release.
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded')`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('card', 'upi', 'netbanking', 'emi', 'cod')`),
    check('orders_delivery_check', sql`${t.deliveryOption} in ('standard', 'express')`),
    check(
      'orders_total_check',
      sql`${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.shippingPaise} and ${t.totalPaise} > 0`,
    ),
    unique('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_date_idx').on(t.userId, t.orderDate.desc()),
    // The back office's list of every order: newest first, by status, by delivery state, by total, by number.
    index('orders_date_idx').on(t.orderDate, t.seq),
    index('orders_status_date_idx').on(t.status, t.orderDate, t.seq),
    index('orders_total_idx').on(t.totalPaise, t.seq),
    index('orders_ship_state_idx').on(sql`(${t.address}->>'state')`, t.orderDate),
    index('orders_number_trgm_idx').using('gin', sql`${t.orderNumber} gin_trgm_ops`),
    // Late to ship (the orders list's late filter, the dashboard's count): only orders waiting for
    // couriers, by date, with their id for the per-order check of their sellers' shipments.
    index('orders_awaiting_date_idx')
      .on(t.orderDate, t.seq, t.id)
      .where(sql`${t.status} in ('placed', 'processing', 'partly_shipped', 'partly_delivered')`),
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
    /** The configuration and the seller's offer it was bought as (decision 70); a line of before has its product's ids. */
    variantId: text('variant_id').references(() => productVariants.id),
    offerId: text('offer_id').references(() => offers.id),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    hsnCode: text('hsn_code').notNull(),
    imageId: text('image_id'),
    quantity: integer('quantity').notNull(),
    /** How many of this line were cancelled before shipping (stock back, refunded); the rest ships. */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
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
    /** The offer's warranty in months when the line was bought (decision 72); null on a line of before. */
    warrantyMonths: integer('warranty_months'),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_cancelled_check', sql`${t.cancelledQuantity} between 0 and ${t.quantity}`),
    check('order_items_total_check', sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`),
    index('order_items_order_idx').on(t.orderId, t.position),
    // An order's sellers with items still to ship, from the index alone (late to ship).
    index('order_items_order_open_idx').on(t.orderId, t.vendorId, t.quantity, t.cancelledQuantity),
    index('order_items_vendor_idx').on(t.vendorId),
    // The back office's seller filter: a seller's orders from the index alone.
    index('order_items_vendor_order_idx').on(t.vendorId, t.orderId),
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
