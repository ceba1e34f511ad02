import { createHash } from 'node:crypto';
import type { EInvoiceDocumentType } from './einvoice-input';

/** The financial year (April to March) of a YYYY-MM-DD date, as the IRP writes it: 2026-27. */
export function financialYear(isoDate: string): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The Invoice Reference Number as the IRP makes it: the SHA-256 hash (64 hex characters) of the
 * supplier's GSTIN, the document's financial year, its type and its number, one after the other.
 * The portal takes document numbers without regard to case, so the number is upper-cased first.
 */
export function computeIrn(doc: {
  supplierGstin: string;
  documentType: EInvoiceDocumentType | 'DBN';
  documentNumber: string;
  documentDate: string;
}): string {
  const text = `${doc.supplierGstin.toUpperCase()}${financialYear(doc.documentDate)}${doc.documentType}${doc.documentNumber.toUpperCase()}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** dd/mm/yyyy of the IRP JSON as YYYY-MM-DD. */
export function isoFromPortalDate(portalDate: string): string {
  const [dd, mm, yyyy] = portalDate.split('/');
  return `${yyyy}-${mm}-${dd}`;
}
