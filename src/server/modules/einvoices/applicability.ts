/**
 * Whether an invoice of this date needs an IRN (decision 76): e-invoicing applies to a supplier whose
 * aggregate turnover in any financial year since 2017-18 exceeded ₹5 crore (Notification 10/2023-CT,
 * from 1 August 2023), from the date its seller (or the shop, for its own store) recorded. Dates are
 * YYYY-MM-DD in India; null means e-invoicing does not apply.
 */
export function irnRequired(eInvoicingFrom: string | null, invoiceDate: string): boolean {
  return eInvoicingFrom !== null && invoiceDate >= eInvoicingFrom;
}

/** The earliest date e-invoicing can apply from to a supplier above ₹5 crore (Notification 10/2023-CT). */
export const FIVE_CRORE_THRESHOLD_FROM = '2023-08-01';
