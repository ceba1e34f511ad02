import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { vendors } from './vendors';

/**
 * Each B2B invoice's or credit note's registration with the Invoice Registration Portal (decision 76):
 * the IRP JSON sent, what the portal answered (IRN, acknowledgement, signed invoice and QR) or why it
 * refused, and how many tries it took. Written by the einvoices module only.
 */
export const einvoiceRegistrations = pgTable(
  'einvoice_registrations',
  {
    id: text('id').primaryKey(),
    /** The seller whose document it is; null for the shop's own store. */
    vendorId: text('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** INV (invoice) or CRN (credit note). */
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    /** The shop's own reference to the document (an order's or a credit note's id), for the invoice PDF. */
    documentRef: text('document_ref').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    buyerGstin: text('buyer_gstin').notNull(),
    buyerName: text('buyer_name').notNull(),
    totalPaise: integer('total_paise').notNull(),
    /** The IRP JSON (INV-01, version 1.1) as it was sent. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    irn: text('irn'),
    ackNo: text('ack_no'),
    ackDate: timestamp('ack_date', { withTimezone: true }),
    signedInvoice: text('signed_invoice'),
    signedQrCode: text('signed_qr_code'),
    /** The portal's code and message of the last refusal (or the shop's, when the portal could not be reached). */
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The IRP's cancellation reason code: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('einvoice_registrations_status_check', sql`${t.status} in ('pending', 'registered', 'failed', 'cancelled')`),
    check('einvoice_registrations_type_check', sql`${t.documentType} in ('INV', 'CRN')`),
    check('einvoice_registrations_reason_check', sql`${t.cancelReason} is null or ${t.cancelReason} in ('1', '2', '3', '4')`),
    // One registration per document of a supplier: the IRP's own rule (its IRN is a hash of these).
    uniqueIndex('einvoice_registrations_document_idx').on(t.supplierGstin, t.documentType, t.documentNumber),
    index('einvoice_registrations_status_idx').on(t.status, t.createdAt),
    index('einvoice_registrations_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * The built-in test IRP's own records (decision 76), apart from the shop's as the real portal's are:
 * the shop reaches them only through the e-invoice provider interface.
 */
export const testIrpDocuments = pgTable(
  'test_irp_documents',
  {
    irn: text('irn').primaryKey(),
    gstin: text('gstin').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    ackNo: text('ack_no').notNull(),
    ackDate: timestamp('ack_date', { withTimezone: true }).notNull(),
    signedInvoice: text('signed_invoice').notNull(),
    signedQrCode: text('signed_qr_code').notNull(),
    /** ACT (active) or CNL (cancelled), as the portal says. */
    status: text('status').notNull().default('ACT'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
  },
  (t) => [check('test_irp_documents_status_check', sql`${t.status} in ('ACT', 'CNL')`)],
);

/** The test IRP's signing key (one row), made on first use so that every process signs with the same key. */
export const testIrpKeys = pgTable(
  'test_irp_keys',
  {
    id: integer('id').primaryKey().default(1),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('test_irp_keys_one_row', sql`${t.id} = 1`)],
);
