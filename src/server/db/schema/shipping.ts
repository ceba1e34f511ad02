import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { vendors } from './vendors';

/**
 * The shipping module's table (decision 78): a seller's parcel of an order booked with a courier through the
 * shipping provider (the test courier or Shiprocket): the courier, the AWB, what it charged for the parcel
 * as packed, and the pickup asked for. The fulfilment's `shipments` row is written beside it in the same
 * transaction (the flow `ship-by-courier`); a shipment typed by hand has no row here.
 */
export const courierShipments = pgTable(
  'courier_shipments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** The provider that booked it (`test-courier`, `shiprocket`). */
    provider: text('provider').notNull(),
    courierId: text('courier_id').notNull(),
    courierName: text('courier_name').notNull(),
    awb: text('awb').notNull(),
    /** The provider's own id of the shipment, for its label, pickup and tracking calls. */
    providerShipmentId: text('provider_shipment_id').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    /** What the courier charges the seller for the parcel, GST and any COD fee included (the ledger's deduction comes later). */
    chargePaise: integer('charge_paise').notNull(),
    promisedDays: integer('promised_days').notNull(),
    /** The cash the courier collects at the door; null when prepaid. */
    codAmountPaise: integer('cod_amount_paise'),
    declaredValuePaise: integer('declared_value_paise').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    lengthMm: integer('length_mm').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    chargeableWeightGrams: integer('chargeable_weight_grams').notNull(),
    /** The courier's own label, where the provider makes one. */
    providerLabelUrl: text('provider_label_url'),
    /** The day the courier collects it, once a pickup was asked for, and the courier's reference of the pickup. */
    pickupDate: date('pickup_date'),
    pickupReference: text('pickup_reference'),
    bookedBy: text('booked_by'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).defaultNow().notNull(),
    /**
     * Where the parcel is (decision 79): the status of its latest tracking event by the courier's time (an older
     * event arriving late does not move it back); delivered, RTO delivered and cancelled are final.
     */
    trackingStatus: text('tracking_status').notNull().default('booked'),
    /** The courier's time of the event that set `trackingStatus` (null while only booked). */
    trackingStatusAt: timestamp('tracking_status_at', { withTimezone: true }),
  },
  (t) => [
    check('courier_shipments_charge_check', sql`${t.chargePaise} >= 0`),
    unique('courier_shipments_order_vendor_key').on(t.orderId, t.vendorId),
    unique('courier_shipments_provider_awb_key').on(t.provider, t.awb),
    // The seller's booked parcels, newest first; those still waiting for a pickup.
    index('courier_shipments_vendor_booked_idx').on(t.vendorId, t.bookedAt),
  ],
);

/**
 * The shipping module's table (decision 79): each tracking event a courier pushed for a booked parcel (signed
 * webhooks), once: a replay of the same (status, time) is stored once. Events are kept in whatever order they
 * arrive; the parcel's status is its latest by the courier's time.
 */
export const courierTrackingEvents = pgTable(
  'courier_tracking_events',
  {
    id: text('id').primaryKey(),
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => courierShipments.id, { onDelete: 'cascade' }),
    /** One of TRACKING_STATUSES. */
    status: text('status').notNull(),
    /** When it happened, by the courier. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    location: text('location'),
    /** The courier's own words. */
    detail: text('detail').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [unique('courier_tracking_events_once_key').on(t.shipmentId, t.status, t.occurredAt)],
);

/**
 * The shipping module's table (decision 79): the customer's answer to a failed delivery attempt of a parcel, as
 * it was sent to the courier (an NDR action): a re-attempt on a day, or a corrected address line or phone.
 */
export const courierReattempts = pgTable('courier_reattempts', {
  id: text('id').primaryKey(),
  shipmentId: text('shipment_id')
    .notNull()
    .references(() => courierShipments.id, { onDelete: 'cascade' }),
  /** `reattempt` (on `reattemptOn`) or `correct` (the address line and/or the phone). */
  kind: text('kind').notNull(),
  reattemptOn: date('reattempt_on'),
  addressLine: text('address_line'),
  phone: text('phone'),
  answeredBy: text('answered_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * A courier's cash-on-delivery remittance (decision 81): the provider's bank transfer to the shop of the cash its
 * couriers collected, with its reference (UTR) and day, from an uploaded file or the provider's report. Its amount
 * is the sum of its lines the shop accepted.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    remittedOn: date('remitted_on', { mode: 'string' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    /** 'upload' (an admin's file) or 'provider' (the provider's report, `remittances(since)`). */
    source: text('source').notNull(),
    fileName: text('file_name'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('cod_remittances_provider_reference_key').on(t.provider, t.reference),
    check('cod_remittances_source_check', sql`${t.source} in ('upload', 'provider')`),
    index('cod_remittances_created_idx').on(t.createdAt),
  ],
);

/** A parcel's cash in a remittance: one per courier shipment ever, so a parcel's cash is received once. */
export const codRemittanceLines = pgTable(
  'cod_remittance_lines',
  {
    id: text('id').primaryKey(),
    remittanceId: text('remittance_id')
      .notNull()
      .references(() => codRemittances.id, { onDelete: 'cascade' }),
    courierShipmentId: text('courier_shipment_id')
      .notNull()
      .references(() => courierShipments.id),
    awb: text('awb').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('cod_remittance_lines_shipment_key').on(t.courierShipmentId),
    check('cod_remittance_lines_amount_check', sql`${t.amountPaise} > 0`),
    index('cod_remittance_lines_remittance_idx').on(t.remittanceId),
  ],
);
