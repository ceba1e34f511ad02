import { and, eq, or } from 'drizzle-orm';
import type { EInvoiceStatus } from '~/shared/schemas/einvoices';
import type { Executor } from '../../db/client';
import { einvoiceRegistrations } from '../../db/schema/einvoices';

/** A document as the IRP knows it: its supplier's GSTIN, its type and its number (unique together). */
export interface EInvoiceDocumentKey {
  supplierGstin: string;
  documentType: 'INV' | 'CRN';
  documentNumber: string;
}

export interface DocumentRegistration extends EInvoiceDocumentKey {
  status: EInvoiceStatus;
  irn: string | null;
  ackNo: string | null;
  ackDate: Date | null;
  signedQrCode: string | null;
}

const keyOf = (k: EInvoiceDocumentKey) => `${k.supplierGstin}|${k.documentType}|${k.documentNumber.toUpperCase()}`;

/**
 * What the orders read of the e-invoices (decision 76): the registrations of an order's documents, by
 * their key (the unique index), so an order's page shows its invoice's IRN or that it is still being
 * registered, without the orders reading the einvoices' table.
 */
export function createEInvoiceReads() {
  return {
    /** The registrations of these documents, by `keyOf`; a document never asked for has none. */
    async ofDocuments(db: Executor, keys: EInvoiceDocumentKey[]): Promise<(key: EInvoiceDocumentKey) => DocumentRegistration | undefined> {
      if (keys.length === 0) return () => undefined;
      const t = einvoiceRegistrations;
      const rows = await db
        .select({
          supplierGstin: t.supplierGstin,
          documentType: t.documentType,
          documentNumber: t.documentNumber,
          status: t.status,
          irn: t.irn,
          ackNo: t.ackNo,
          ackDate: t.ackDate,
          signedQrCode: t.signedQrCode,
        })
        .from(t)
        .where(
          or(
            ...keys.map((k) =>
              and(eq(t.supplierGstin, k.supplierGstin), eq(t.documentType, k.documentType), eq(t.documentNumber, k.documentNumber)),
            ),
          ),
        );
      const found = new Map(rows.map((r) => [keyOf(r as EInvoiceDocumentKey), r as DocumentRegistration]));
      return (key) => found.get(keyOf(key));
    },
  };
}

export type EInvoiceReads = ReturnType<typeof createEInvoiceReads>;
