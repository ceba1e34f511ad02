import { IST_OFFSET_MS } from '../../lib/dates';
import { gstCodeOfState } from '~/shared/india';
import { invoiceNumberOf } from '~/shared/orders';
import { lastCompleteMonth, type GstSalesQuery, type GstSalesReport, type GstTotals } from '~/shared/schemas/reports';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './gst.admin.repo';
import { toCsv } from '../../lib/csv';

/** The instants a calendar month (YYYY-MM) of India time starts and ends at. */
export function indiaMonthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS), to: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS) };
}

/** What the HSN codes of the shop's goods cover (the GST tariff's headings), for the HSN summary. */
const HSN_DESCRIPTIONS: Record<string, string> = {
  '8471': 'Automatic data processing machines (laptops, desktops)',
  '8528': 'Monitors',
};

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const place = (state: string) => ({ code: gstCodeOfState(state) ?? '97', name: state });
const zero = (): GstTotals => ({
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  cessPaise: 0,
  shippingPaise: 0,
  totalPaise: 0,
});
function add(into: GstTotals, row: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }, shipping = 0) {
  into.taxablePaise += row.taxablePaise;
  into.cgstPaise += row.cgstPaise;
  into.sgstPaise += row.sgstPaise;
  into.igstPaise += row.igstPaise;
  into.shippingPaise += shipping;
  into.totalPaise += row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise + shipping;
}
const taxOf = (r: repo.TaxRow) => ({
  taxablePaise: n(r.taxable),
  cgstPaise: n(r.cgst),
  sgstPaise: n(r.sgst),
  igstPaise: n(r.igst),
  cessPaise: 0,
});

/**
 * The sellers a report can be narrowed to, and the one `vendorId` names (null for every seller);
 * an id that is not one of them is a 400 on the report's seller field.
 */
export async function reportSellers(db: Executor, vendorId: string | undefined) {
  const sellers = await repo.sellers(db);
  const seller = vendorId ? sellers.find((s) => s.id === vendorId) : null;
  if (seller === undefined) {
    throw new AppError('VALIDATION', 'There is no such seller', { fields: { vendor: 'Choose a seller from the list' } });
  }
  return { sellers, seller };
}

/** The GST sales report (GSTR-1 shape, decision 19), on screen and as CSV. */
export function createGstReports(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async gstSales(query: GstSalesQuery, now = new Date()): Promise<GstSalesReport> {
      const month = query.month ?? lastCompleteMonth(now);
      const { sellers: all, seller } = await reportSellers(db, query.vendor);
      const vendor = seller?.id ?? null;
      const { from, to } = indiaMonthRange(month);
      const [b2b, cdnr, b2c, b2cl, cdnur, counts, notes, hsn] = [
        await repo.b2bRows(db, from, to, vendor),
        await repo.cdnrRows(db, from, to, vendor),
        await repo.b2cRows(db, from, to, vendor),
        await repo.b2clRows(db, from, to, vendor),
        await repo.cdnurRows(db, from, to, vendor),
        await repo.invoiceCounts(db, from, to, vendor),
        await repo.creditNoteRows(db, from, to, vendor),
        await repo.hsnRows(db, from, to, vendor),
      ];
      const sellerName = new Map(all.map((s) => [s.id, s.name]));
      const b2cRows = b2c.map((r) => ({
        placeOfSupply: place(r.pos),
        supplyType: r.intra ? ('intra' as const) : ('inter' as const),
        rateBp: r.rate_bp,
        ...taxOf(r),
      }));
      const b2clRows = b2cl.map((r) => ({
        invoiceNumber: invoiceNumberOf(r.order_number),
        invoiceDate: new Date(r.order_date).toISOString(),
        orderNumber: r.order_number,
        sellerName: sellerName.get(r.vendor_id) ?? r.vendor_id,
        placeOfSupply: place(r.pos),
        invoiceValuePaise: n(r.value),
        rateBp: r.rate_bp,
        ...taxOf(r),
      }));
      const b2bRows = b2b.map((r) => ({
        buyerGstin: r.buyer_gstin,
        receiverName: r.buyer_name,
        invoiceNumber: invoiceNumberOf(r.order_number),
        invoiceDate: new Date(r.order_date).toISOString(),
        orderNumber: r.order_number,
        sellerName: sellerName.get(r.vendor_id) ?? r.vendor_id,
        placeOfSupply: place(r.pos),
        invoiceValuePaise: n(r.value),
        rateBp: r.rate_bp,
        ...taxOf(r),
      }));
      const cdnrRows = cdnr.map((r) => ({
        buyerGstin: r.buyer_gstin,
        receiverName: r.buyer_name,
        number: r.number,
        date: new Date(r.created_at).toISOString(),
        invoiceNumber: invoiceNumberOf(r.order_number),
        placeOfSupply: place(r.pos),
        valuePaise: n(r.value),
        rateBp: r.rate_bp,
        ...taxOf(r),
      }));
      const cdnurRows = cdnur.map((r) => ({
        number: r.number,
        date: new Date(r.created_at).toISOString(),
        invoiceNumber: invoiceNumberOf(r.order_number),
        placeOfSupply: place(r.pos),
        valuePaise: n(r.value),
        rateBp: r.rate_bp,
        ...taxOf(r),
      }));
      // What was invoiced: the month's lines (B2C large and others alike); shipping is the shop's own charge
      // without GST: it is in the shop's view, never a seller's.
      const invoiced = zero();
      add(invoiced, taxOf(counts), vendor ? 0 : n(counts.shipping));
      const credited = zero();
      const creditNotes = notes.map((r) => {
        const tax = taxOf(r);
        add(credited, tax, r.shipping);
        return {
          number: r.number,
          date: new Date(r.created_at).toISOString(),
          orderNumber: r.order_number,
          placeOfSupply: place(r.pos),
          reason: r.reason,
          ...tax,
          shippingPaise: r.shipping,
          totalPaise: tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise + r.shipping,
        };
      });
      const net = zero();
      for (const key of Object.keys(net) as (keyof GstTotals)[]) net[key] = invoiced[key] - credited[key];
      return {
        month,
        seller: seller ?? null,
        sellers: all,
        invoices: counts.invoices,
        b2b: b2bRows,
        cdnr: cdnrRows,
        b2cl: b2clRows,
        b2c: b2cRows,
        cdnur: cdnurRows,
        hsn: hsn.map((r) => {
          const tax = taxOf(r);
          return {
            hsnCode: r.hsn,
            description: HSN_DESCRIPTIONS[r.hsn] ?? r.categories,
            uqc: 'NOS' as const,
            rateBp: r.rate_bp,
            quantity: r.quantity,
            totalValuePaise: tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise,
            ...tax,
          };
        }),
        creditNotes,
        totals: { invoiced, credited, net },
      };
    },
  };
}
export type GstReports = ReturnType<typeof createGstReports>;

/** Paise as rupees with two decimals, as spreadsheets read them: 123456.50. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const pct = (bp: number) => `${bp / 100}`;

/**
 * The GSTR-1 report as CSV (UTF-8 with BOM): the B2B, B2C large, B2C others, HSN, CDNR, CDNUR and credit note
 * sections, then the totals.
 */
export function gstSalesCsv(r: GstSalesReport): string {
  const taxes = (t: { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number; cessPaise: number }) => [
    rupees(t.taxablePaise),
    rupees(t.igstPaise),
    rupees(t.cgstPaise),
    rupees(t.sgstPaise),
    rupees(t.cessPaise),
  ];
  const rows: (string | number)[][] = [
    ['GST sales report (GSTR-1)', r.month, r.seller ? `${r.seller.name} ${r.seller.gstin ?? ''}`.trim() : 'All sellers'],
    [],
    ['B2B (table 4A): invoices to registered buyers'],
    [
      'GSTIN of recipient',
      'Receiver name',
      'Invoice',
      'Invoice date',
      'Seller',
      'Invoice value',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'IGST',
      'CGST',
      'SGST',
      'Cess',
    ],
    ...r.b2b.map((b) => [
      b.buyerGstin,
      b.receiverName,
      b.invoiceNumber,
      b.invoiceDate.slice(0, 10),
      b.sellerName,
      rupees(b.invoiceValuePaise),
      `${b.placeOfSupply.code}-${b.placeOfSupply.name}`,
      pct(b.rateBp),
      ...taxes(b),
    ]),
    [],
    ['B2C large (table 5): inter-state invoices above Rs 1,00,000'],
    ['Invoice', 'Invoice date', 'Seller', 'Invoice value', 'Place of supply', 'Rate %', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess'],
    ...r.b2cl.map((b) => [
      b.invoiceNumber,
      b.invoiceDate.slice(0, 10),
      b.sellerName,
      rupees(b.invoiceValuePaise),
      `${b.placeOfSupply.code}-${b.placeOfSupply.name}`,
      pct(b.rateBp),
      ...taxes(b),
    ]),
    [],
    ['B2C others (table 7): place of supply and rate, net of their credit notes'],
    ['Place of supply', 'Supply type', 'Rate %', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess'],
    ...r.b2c.map((b) => [
      `${b.placeOfSupply.code}-${b.placeOfSupply.name}`,
      b.supplyType === 'intra' ? 'Intra-state' : 'Inter-state',
      pct(b.rateBp),
      ...taxes(b),
    ]),
    [],
    ['HSN summary (net of credit notes)'],
    ['HSN', 'Description', 'UQC', 'Total quantity', 'Total value', 'Rate %', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess'],
    ...r.hsn.map((h) => [h.hsnCode, h.description, h.uqc, h.quantity, rupees(h.totalValuePaise), pct(h.rateBp), ...taxes(h)]),
    [],
    ['Credit notes to registered buyers (table 9B, CDNR)'],
    [
      'GSTIN of recipient',
      'Receiver name',
      'Credit note',
      'Date',
      'Invoice',
      'Place of supply',
      'Value',
      'Rate %',
      'Taxable value',
      'IGST',
      'CGST',
      'SGST',
      'Cess',
    ],
    ...r.cdnr.map((c) => [
      c.buyerGstin,
      c.receiverName,
      c.number,
      c.date.slice(0, 10),
      c.invoiceNumber,
      `${c.placeOfSupply.code}-${c.placeOfSupply.name}`,
      rupees(c.valuePaise),
      pct(c.rateBp),
      ...taxes(c),
    ]),
    [],
    ['Credit notes to unregistered buyers against B2C large invoices (table 9B, CDNUR)'],
    ['Credit note', 'Date', 'Invoice', 'Place of supply', 'Value', 'Rate %', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess'],
    ...r.cdnur.map((c) => [
      c.number,
      c.date.slice(0, 10),
      c.invoiceNumber,
      `${c.placeOfSupply.code}-${c.placeOfSupply.name}`,
      rupees(c.valuePaise),
      pct(c.rateBp),
      ...taxes(c),
    ]),
    [],
    ['Credit notes issued (all)'],
    ['Number', 'Date', 'Order', 'Place of supply', 'Reason', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess', 'Shipping', 'Total'],
    ...r.creditNotes.map((c) => [
      c.number,
      c.date.slice(0, 10),
      c.orderNumber,
      `${c.placeOfSupply.code}-${c.placeOfSupply.name}`,
      c.reason,
      ...taxes(c),
      rupees(c.shippingPaise),
      rupees(c.totalPaise),
    ]),
    [],
    ['Totals', '', '', '', '', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess', 'Shipping (no GST)', 'Total'],
    ...(
      [
        [`Invoiced (${r.invoices} invoices)`, r.totals.invoiced],
        ['Credit notes', r.totals.credited],
        ['Net of credit notes', r.totals.net],
      ] as const
    ).map(([label, t]) => [label, '', '', '', '', ...taxes(t), rupees(t.shippingPaise), rupees(t.totalPaise)]),
  ];
  return toCsv(rows);
}
