import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './auth';
import { vendors } from './vendors';

/**
 * The e-way bills module's tables (decision 75): the e-way bill each seller generated for its parcel of
 * an order (Part A from the invoice, Part B the vehicle or transporter), and the built-in test e-way bill
 * service's own records, kept apart from the shop's as the test payment gateway keeps its own.
 */

/** One extension of an e-way bill's validity (rule 138(10), proviso). */
export interface EwayBillExtension {
  at: string;
  reasonCode: string;
  remarks: string;
  remainingDistanceKm: number;
  fromPinCode: string;
  validUntil: string;
}

export const ewayBills = pgTable(
  'eway_bills',
  {
    /** ewb_… */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** The portal's 12-digit e-way bill number (EBN). */
    ewbNo: text('ewb_no').notNull(),
    /** `active`, or `cancelled` within 24 hours of its generation. */
    status: text('status').notNull().default('active'),
    /** Which provider issued it: `test` (the built-in test service) or a real adapter's name. */
    provider: text('provider').notNull(),
    docNo: text('doc_no').notNull(),
    docDate: text('doc_date').notNull(),
    fromGstin: text('from_gstin').notNull(),
    toGstin: text('to_gstin').notNull(),
    fromPinCode: text('from_pin_code').notNull(),
    toPinCode: text('to_pin_code').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** The consignment's value, GST included (`totInvValue`), in paise. */
    valuePaise: integer('value_paise').notNull(),
    distanceKm: integer('distance_km').notNull(),
    /** 1 road, 2 rail, 3 air, 4 ship. */
    transMode: text('trans_mode').notNull(),
    vehicleNo: text('vehicle_no'),
    transporterId: text('transporter_id'),
    /** The request as it was sent to the provider (the portal's GENEWAYBILL shape). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    generatedBy: text('generated_by').references(() => users.id, { onDelete: 'set null' }),
    extensions: jsonb('extensions').$type<EwayBillExtension[]>().notNull().default([]),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReasonCode: text('cancel_reason_code'),
    cancelRemarks: text('cancel_remarks'),
  },
  (t) => [
    check('eway_bills_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check('eway_bills_trans_mode_check', sql`${t.transMode} in ('1', '2', '3', '4')`),
    check('eway_bills_distance_check', sql`${t.distanceKm} between 1 and 4000`),
    // One live e-way bill per seller's parcel of an order: two requests at once make one.
    uniqueIndex('eway_bills_active_order_vendor_key')
      .on(t.orderId, t.vendorId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('eway_bills_ewb_no_key').on(t.ewbNo),
    index('eway_bills_vendor_idx').on(t.vendorId, t.generatedAt),
  ],
);

/**
 * The built-in test e-way bill service's own records (the portal's side): what it generated for which
 * supplier GSTIN and document, so it answers the portal's errors (a document with a live e-way bill).
 */
export const ewayPortalBills = pgTable(
  'eway_portal_bills',
  {
    ewbNo: text('ewb_no').primaryKey(),
    fromGstin: text('from_gstin').notNull(),
    docType: text('doc_type').notNull(),
    docNo: text('doc_no').notNull(),
    status: text('status').notNull().default('active'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    check('eway_portal_bills_status_check', sql`${t.status} in ('active', 'cancelled')`),
    uniqueIndex('eway_portal_bills_document_key')
      .on(t.fromGstin, t.docType, t.docNo)
      .where(sql`${t.status} = 'active'`),
  ],
);
