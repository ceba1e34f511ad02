import { z } from 'zod';
import { RETURN_CONDITIONS } from './orders';
import { monthSchema } from './payouts';

/** Monthly tax and payout reports of the admin console (issue 12, point 8; decision 19). Money in paise. */

const vendorIdSchema = z.string().trim().min(1, 'Choose a seller').max(64, 'Choose a seller from the list');

export const gstSalesQuerySchema = z.strictObject({ month: monthSchema.optional(), vendor: vendorIdSchema.optional() });
export type GstSalesQuery = z.output<typeof gstSalesQuerySchema>;
export const reportMonthQuerySchema = z.strictObject({ month: monthSchema.optional() });
export type ReportMonthQuery = z.output<typeof reportMonthQuerySchema>;

const taxFields = {
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  cessPaise: z.number().int(),
};
const placeSchema = z.object({ code: z.string(), name: z.string() });
const sellerSchema = z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable(), state: z.string() });
export type ReportSeller = z.infer<typeof sellerSchema>;

export const gstTotalsSchema = z.object({ ...taxFields, shippingPaise: z.number().int(), totalPaise: z.number().int() });
export type GstTotals = z.infer<typeof gstTotalsSchema>;

export const gstSalesReportSchema = z.object({
  month: z.string(),
  /** The seller whose GSTR-1 this is, or null for every seller together. */
  seller: sellerSchema.nullable(),
  sellers: z.array(sellerSchema),
  invoices: z.number().int(),
  /**
   * GSTR-1 table 4A (B2B, decision 71): invoices to registered buyers (a seller's part of an order bought for a
   * business), one row per invoice and rate, with the buyer's GSTIN and name; their credit notes are in `cdnr`.
   */
  b2b: z.array(
    z.object({
      buyerGstin: z.string(),
      receiverName: z.string(),
      invoiceNumber: z.string(),
      invoiceDate: z.string(),
      orderNumber: z.string(),
      sellerName: z.string(),
      placeOfSupply: placeSchema,
      invoiceValuePaise: z.number().int(),
      rateBp: z.number().int(),
      ...taxFields,
    }),
  ),
  /** GSTR-1 table 9B (CDNR, decision 71): the month's credit notes against B2B invoices, by note and rate. */
  cdnr: z.array(
    z.object({
      buyerGstin: z.string(),
      receiverName: z.string(),
      number: z.string(),
      date: z.string(),
      invoiceNumber: z.string(),
      placeOfSupply: placeSchema,
      valuePaise: z.number().int(),
      rateBp: z.number().int(),
      ...taxFields,
    }),
  ),
  /**
   * GSTR-1 table 5 (B2C large): inter-state invoices (a seller's part of an order) worth more than ₹1,00,000,
   * one row per invoice and rate.
   */
  b2cl: z.array(
    z.object({
      invoiceNumber: z.string(),
      invoiceDate: z.string(),
      orderNumber: z.string(),
      sellerName: z.string(),
      placeOfSupply: placeSchema,
      invoiceValuePaise: z.number().int(),
      rateBp: z.number().int(),
      ...taxFields,
    }),
  ),
  /**
   * GSTR-1 table 7 (B2C others): every other invoiced line by place of supply, supply type and rate, net of the
   * month's credit notes against those invoices (table 7 is reported net).
   */
  b2c: z.array(z.object({ placeOfSupply: placeSchema, supplyType: z.enum(['intra', 'inter']), rateBp: z.number().int(), ...taxFields })),
  /** GSTR-1 table 9B (CDNUR): the month's credit notes against B2C large invoices, by note and rate. */
  cdnur: z.array(
    z.object({
      number: z.string(),
      date: z.string(),
      invoiceNumber: z.string(),
      placeOfSupply: placeSchema,
      valuePaise: z.number().int(),
      rateBp: z.number().int(),
      ...taxFields,
    }),
  ),
  /** GSTR-1 table 12: by HSN code and rate, net of the month's credit notes. */
  hsn: z.array(
    z.object({
      hsnCode: z.string(),
      description: z.string(),
      uqc: z.literal('NOS'),
      rateBp: z.number().int(),
      quantity: z.number().int(),
      totalValuePaise: z.number().int(),
      ...taxFields,
    }),
  ),
  /** Every credit note issued in the month (those against B2C large invoices are also in `cdnur`). */
  creditNotes: z.array(
    z.object({
      number: z.string(),
      date: z.string(),
      orderNumber: z.string(),
      placeOfSupply: placeSchema,
      reason: z.string(),
      ...taxFields,
      shippingPaise: z.number().int(),
      totalPaise: z.number().int(),
    }),
  ),
  totals: z.object({ invoiced: gstTotalsSchema, credited: gstTotalsSchema, net: gstTotalsSchema }),
});
export type GstSalesReport = z.infer<typeof gstSalesReportSchema>;

const tcsFields = {
  grossPaise: z.number().int(),
  returnsPaise: z.number().int(),
  netPaise: z.number().int(),
  tcsCgstPaise: z.number().int(),
  tcsSgstPaise: z.number().int(),
  tcsIgstPaise: z.number().int(),
  tcsPaise: z.number().int(),
};
export const tcsReportSchema = z.object({
  month: z.string(),
  rateBp: z.number().int(),
  rows: z.array(z.object({ vendorId: z.string(), sellerName: z.string(), gstin: z.string().nullable(), ...tcsFields })),
  totals: z.object(tcsFields),
});
export type TcsReport = z.infer<typeof tcsReportSchema>;

const payoutFields = {
  lines: z.number().int(),
  salePaise: z.number().int(),
  commissionPaise: z.number().int(),
  commissionGstPaise: z.number().int(),
  tcsPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  paidPaise: z.number().int(),
  outstandingPaise: z.number().int(),
};
export const payoutsReportSchema = z.object({
  month: z.string(),
  rows: z.array(
    z.object({
      vendorId: z.string(),
      sellerName: z.string(),
      gstin: z.string().nullable(),
      /** Every line of the month is a sale of the shop's own store (decision 51): no commission, TCS or TDS. */
      ownStore: z.boolean(),
      ...payoutFields,
    }),
  ),
  totals: z.object(payoutFields),
});
export type PayoutsReport = z.infer<typeof payoutsReportSchema>;

const returnFields = {
  /** Returns received (a seller's items of an order came back to it). */
  returns: z.number().int(),
  units: z.number().int(),
  /** What the customers paid for those units: their price after their share of the coupon, GST included. */
  valuePaise: z.number().int(),
  resellableUnits: z.number().int(),
  resellablePaise: z.number().int(),
  damagedUnits: z.number().int(),
  damagedPaise: z.number().int(),
};
/**
 * GET /api/admin/reports/returns: the returns the sellers received in a month (India time), each
 * judged back in stock or written off, with what their units were sold for; one seller's with `vendor`.
 */
export const returnsReportSchema = z.object({
  month: z.string(),
  seller: sellerSchema.nullable(),
  sellers: z.array(sellerSchema),
  rows: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      vendorId: z.string(),
      sellerName: z.string(),
      receivedAt: z.string(),
      condition: z.enum(RETURN_CONDITIONS),
      reason: z.string().nullable(),
      items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
      units: z.number().int(),
      valuePaise: z.number().int(),
      taxablePaise: z.number().int(),
      /** When the customer's money for them went back; null while the refund waits. */
      refundedAt: z.string().nullable(),
    }),
  ),
  /** Per seller, for the sellers with returns in the month. */
  bySeller: z.array(z.object({ vendorId: z.string(), sellerName: z.string(), ...returnFields })),
  totals: z.object(returnFields),
});
export type ReturnsReport = z.infer<typeof returnsReportSchema>;

/** The last complete month in India time (the reports' default), like 2026-10. */
export function lastCompleteMonth(now = new Date()): string {
  const india = new Date(now.getTime() + 330 * 60_000);
  const prev = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - 1, 1));
  return `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}`;
}
