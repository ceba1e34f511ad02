import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';

/**
 * One line of a credit note: how many units of an order line were credited, and their value and GST
 * (figured from the order's lines by `creditNoteLines` of orders/order-rules.ts).
 */
export interface CreditNoteLine {
  itemId: string;
  name: string;
  hsnCode: string;
  quantity: number;
  gstRateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What the customer paid for these units (after their share of a coupon), GST included. */
  amountPaise: number;
}

/**
 * A GST credit note (section 34 of the CGST Act): issued against an order's tax invoice when items
 * on it are cancelled after it was issued or come back as a return. Never changed once written.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … per order; the number is "CN-", the order's and this (`creditNoteNumberOf`). */
    seq: integer('seq').notNull(),
    number: text('number').notNull().unique(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    taxablePaise: integer('taxable_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('credit_notes_order_seq_key').on(t.orderId, t.seq),
    check('credit_notes_total_check', sql`${t.totalPaise} = ${t.taxablePaise} + ${t.gstPaise} + ${t.shippingPaise}`),
  ],
);

/**
 * A photo the customer sent with a return request (decision 50): uploaded first, kept private to its
 * uploader until the return request names it (`attachedAt`), then seen by the order's customer, the
 * sellers of its items and the shop's admins. The master is a WebP in the media storage under `storageKey`.
 */
export const orderReturnPhotos = pgTable(
  'order_return_photos',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** When the return request named it; null while it is only uploaded (and swept after a day). */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('order_return_photos_order_idx').on(t.orderId, t.createdAt),
    index('order_return_photos_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);
