import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orderItems, orders } from './orders';
import { vendors } from './vendors';

/** The marketplace's commission per category (basis points of the GST-inclusive sale value), set by admins. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    category: text('category').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('commission_rates_rate_check', sql`${t.rateBp} between 0 and 5000`)],
);

/**
 * A vendor's commission plan: its own rate for a category, which replaces the category's rate for
 * the vendor's lines delivered from then on (recorded lines keep theirs). No row: the category's rate.
 */
export const vendorCommissionRates = pgTable(
  'vendor_commission_rates',
  {
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.category] }),
    check('vendor_commission_rates_rate_check', sql`${t.rateBp} between 0 and 5000`),
  ],
);

/**
 * The vendor ledger: one entry per delivered order line, with what the marketplace keeps and what the
 * vendor is owed. An entry becomes payable when the return window closes; a weekly payout collects
 * payable entries. A line returned and refunded before it is paid out is reversed (reversed_at).
 * Units of a delivered line refunded later (an admin's partial refund, or any refund after the line
 * was settled) are a refund entry: the same figures for those units, negative, deducted from the
 * payout the sale entry is in, or, when that payout was made already, from the seller's next one.
 */
export const vendorLedgerEntries = pgTable(
  'vendor_ledger_entries',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order line; null for a courier charge. */
    orderItemId: text('order_item_id').references(() => orderItems.id),
    /**
     * 'sale': the delivered units of a line (one per line); 'refund': units of it refunded later, every figure negative;
     * 'courier': a courier shipment's charge to the seller (decision 81), one per shipment.
     */
    kind: text('kind').notNull().default('sale'),
    /** For a refund entry: the sale entry whose units were refunded. */
    refundOf: text('refund_of').references((): AnyPgColumn => vendorLedgerEntries.id),
    /** For a refund entry: the product's name as ordered, for the seller's statement. */
    itemName: text('item_name'),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the customer paid for the line (GST included, after its share of any coupon). */
    salePaise: integer('sale_paise').notNull(),
    /** The line's value before GST: the base of TCS. */
    taxablePaise: integer('taxable_paise').notNull(),
    commissionRateBp: integer('commission_rate_bp').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    commissionGstPaise: integer('commission_gst_paise').notNull(),
    /** TCS under section 52 of the CGST Act; CGST + SGST halves when the buyer is in the seller's state. */
    tcsPaise: integer('tcs_paise').notNull(),
    intraState: boolean('intra_state').notNull(),
    /** TDS under section 194-O of the Income-tax Act. */
    tdsPaise: integer('tds_paise').notNull(),
    /** For a courier charge: the shipping module's courier shipment, and its charge (GST included) with the GST in it. */
    courierShipmentId: text('courier_shipment_id'),
    courierChargePaise: integer('courier_charge_paise').notNull().default(0),
    courierChargeGstPaise: integer('courier_charge_gst_paise').notNull().default(0),
    netPaise: integer('net_paise').notNull(),
    /**
     * The line is a supply of the operator's own store (the seller's GSTIN was the shop's own when it
     * was delivered, decision 51): no commission, GST on it, TCS or TDS, and not in GSTR-8.
     */
    firstParty: boolean('first_party').notNull().default(false),
    /** When the line was delivered; for a refund entry, when the units were refunded. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    payoutId: text('payout_id').references(() => payouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check(
      'vendor_ledger_net_check',
      sql`${t.netPaise} = ${t.salePaise} - ${t.commissionPaise} - ${t.commissionGstPaise} - ${t.tcsPaise} - ${t.tdsPaise} - ${t.courierChargePaise}`,
    ),
    check(
      'vendor_ledger_first_party_check',
      sql`not ${t.firstParty} or (${t.commissionPaise} = 0 and ${t.commissionGstPaise} = 0 and ${t.tcsPaise} = 0 and ${t.tdsPaise} = 0)`,
    ),
    check(
      'vendor_ledger_kind_check',
      sql`(${t.kind} = 'sale' and ${t.quantity} > 0 and ${t.refundOf} is null and ${t.orderItemId} is not null and ${t.courierChargePaise} = 0) or (${t.kind} = 'refund' and ${t.quantity} < 0 and ${t.refundOf} is not null and ${t.orderItemId} is not null and ${t.courierChargePaise} = 0) or (${t.kind} = 'courier' and ${t.quantity} = 0 and ${t.refundOf} is null and ${t.orderItemId} is null and ${t.courierShipmentId} is not null and ${t.salePaise} = 0 and ${t.courierChargePaise} >= 0)`,
    ),
    // A delivery is recorded once per line; its refunds are as many as the admin makes.
    uniqueIndex('vendor_ledger_sale_item_key')
      .on(t.orderItemId)
      .where(sql`kind = 'sale'`),
    uniqueIndex('vendor_ledger_courier_shipment_key')
      .on(t.courierShipmentId)
      .where(sql`kind = 'courier'`),
    index('vendor_ledger_refund_of_idx').on(t.refundOf),
    index('vendor_ledger_vendor_idx').on(t.vendorId, t.payableAt),
    index('vendor_ledger_payout_idx').on(t.payoutId),
  ],
);

/** A weekly settlement: the payable ledger entries of one vendor, paid by bank transfer. */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** The settlement week (Monday to Sunday, India time) whose payable entries this pays. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    entries: integer('entries').notNull(),
    salePaise: integer('sale_paise').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    commissionGstPaise: integer('commission_gst_paise').notNull(),
    tcsPaise: integer('tcs_paise').notNull(),
    tdsPaise: integer('tds_paise').notNull(),
    /** The courier charges deducted (GST included): net = sale − commission − GST − TCS − TDS − courier charges. */
    courierChargePaise: integer('courier_charge_paise').notNull().default(0),
    netPaise: integer('net_paise').notNull(),
    status: text('status').notNull().default('pending'),
    bankReference: text('bank_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('payouts_status_check', sql`${t.status} in ('pending', 'paid')`),
    check('payouts_paid_check', sql`${t.status} = 'pending' or (${t.bankReference} is not null and ${t.paidAt} is not null)`),
    unique('payouts_vendor_period_key').on(t.vendorId, t.periodStart),
    index('payouts_status_idx').on(t.status, t.periodStart),
  ],
);

/**
 * A seller's cash-on-delivery parcel of an order shipped by a courier (decision 81): its sale lines are not payable
 * until the courier's remittance of its cash is in (released_at). Hand-shipped cash-on-delivery orders have none.
 */
export const codCashHolds = pgTable(
  'cod_cash_holds',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    heldAt: timestamp('held_at', { withTimezone: true }).defaultNow().notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.vendorId] })],
);
