import { useQuery } from '@tanstack/react-query';
import type { GstSalesReport, GstTotals } from '~/shared/schemas/reports';
import { formatCount, formatDate, formatMonth } from '~/web/lib/format';
import { gstSalesQueryOptions, type ReportFilter } from '../api/report-queries';
import { ReportState } from './report-state';
import { ReportTable, type ReportColumn } from './report-table';

type Taxed = { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number; cessPaise: number };
const taxColumns = <T extends Taxed>(): ReportColumn<T>[] => [
  { header: 'Taxable value', money: (r) => r.taxablePaise },
  { header: 'IGST', money: (r) => r.igstPaise },
  { header: 'CGST', money: (r) => r.cgstPaise },
  { header: 'SGST', money: (r) => r.sgstPaise },
  { header: 'Cess', money: (r) => r.cessPaise },
];
const rate = (bp: number) => `${bp / 100}%`;

type B2bRow = GstSalesReport['b2b'][number];
type CdnrRow = GstSalesReport['cdnr'][number];
type B2clRow = GstSalesReport['b2cl'][number];
type B2cRow = GstSalesReport['b2c'][number];
type CdnurRow = GstSalesReport['cdnur'][number];
type HsnRow = GstSalesReport['hsn'][number];
type NoteRow = GstSalesReport['creditNotes'][number];

/** A registered buyer: the name (it may wrap), the GSTIN below it on one line (decision 71). */
function Recipient({ name, gstin }: { name: string; gstin: string }) {
  return (
    <>
      {name}
      <br />
      <span className="font-mono whitespace-nowrap">{gstin}</span>
    </>
  );
}

/** A document's number with its date below, each on one line. */
function Dated({ number, date }: { number: string; date: string }) {
  return (
    <>
      {number}
      <br />
      {formatDate(date)}
    </>
  );
}

const sum = <T extends Taxed>(rows: T[]): T =>
  rows.reduce(
    (t, r) => ({
      ...t,
      taxablePaise: t.taxablePaise + r.taxablePaise,
      igstPaise: t.igstPaise + r.igstPaise,
      cgstPaise: t.cgstPaise + r.cgstPaise,
      sgstPaise: t.sgstPaise + r.sgstPaise,
      cessPaise: t.cessPaise + r.cessPaise,
    }),
    { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 } as T,
  );

/** The GSTR-1 view of a month: B2B (decision 71), B2C large and others, the HSN summary, credit notes and the net total. */
export function GstSalesReportView({ filter }: { filter: ReportFilter }) {
  const query = useQuery(gstSalesQueryOptions(filter));
  return (
    <ReportState query={query} label="GST sales report">
      {(r) => (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {r.seller
              ? `${r.seller.name} (GSTIN ${r.seller.gstin ?? 'not given'}, ${r.seller.state}) files these supplies in its own GSTR-1.`
              : 'Every seller together. Each seller files its own supplies in its GSTR-1 (choose a seller for its view); the shop files GSTR-8 for the TCS it collects.'}{' '}
            {formatCount(r.invoices)} {r.invoices === 1 ? 'invoice' : 'invoices'} in {formatMonth(r.month)}.
          </p>
          <ReportTable<B2bRow>
            caption="B2B: invoices to registered buyers (table 4A)"
            rows={r.b2b}
            rowKey={(b) => `${b.invoiceNumber}-${b.sellerName}-${b.rateBp}`}
            empty="No invoice to a business with a GSTIN in this month."
            columns={[
              { header: 'Recipient and GSTIN', cell: (b) => <Recipient name={b.receiverName} gstin={b.buyerGstin} />, wrap: true },
              { header: 'Invoice and date', cell: (b) => <Dated number={b.invoiceNumber} date={b.invoiceDate} /> },
              ...(r.seller ? [] : [{ header: 'Seller', cell: (b: B2bRow) => b.sellerName, wrap: true }]),
              { header: 'Invoice value', money: (b) => b.invoiceValuePaise },
              { header: 'Place of supply', cell: (b) => `${b.placeOfSupply.code} – ${b.placeOfSupply.name}`, wrap: true },
              { header: 'Rate', cell: (b) => rate(b.rateBp), numeric: true },
              ...taxColumns<B2bRow>(),
            ]}
            totals={
              r.b2b.length
                ? [{ label: 'Total', row: { ...sum(r.b2b), invoiceValuePaise: r.b2b.reduce((s, b) => s + b.invoiceValuePaise, 0) } }]
                : []
            }
          />
          <ReportTable<B2clRow>
            caption="B2C large: inter-state invoices above ₹1,00,000 (table 5)"
            rows={r.b2cl}
            rowKey={(b) => `${b.invoiceNumber}-${b.sellerName}-${b.rateBp}`}
            empty="No inter-state invoice above ₹1,00,000 in this month."
            columns={[
              { header: 'Invoice', cell: (b) => b.invoiceNumber },
              { header: 'Date', cell: (b) => formatDate(b.invoiceDate) },
              ...(r.seller ? [] : [{ header: 'Seller', cell: (b: B2clRow) => b.sellerName, wrap: true }]),
              { header: 'Invoice value', money: (b) => b.invoiceValuePaise },
              { header: 'Place of supply', cell: (b) => `${b.placeOfSupply.code} – ${b.placeOfSupply.name}`, wrap: true },
              { header: 'Rate', cell: (b) => rate(b.rateBp), numeric: true },
              ...taxColumns<B2clRow>(),
            ]}
            totals={
              r.b2cl.length
                ? [{ label: 'Total', row: { ...sum(r.b2cl), invoiceValuePaise: r.b2cl.reduce((s, b) => s + b.invoiceValuePaise, 0) } }]
                : []
            }
          />
          <ReportTable<B2cRow>
            caption="B2C others by place of supply and rate, net of their credit notes (table 7)"
            rows={r.b2c}
            rowKey={(b) => `${b.placeOfSupply.code}-${b.supplyType}-${b.rateBp}`}
            empty="No other B2C supplies in this month."
            columns={[
              { header: 'Place of supply', cell: (b) => `${b.placeOfSupply.code} – ${b.placeOfSupply.name}`, wrap: true },
              { header: 'Supply', cell: (b) => (b.supplyType === 'intra' ? 'Intra-state' : 'Inter-state') },
              { header: 'Rate', cell: (b) => rate(b.rateBp), numeric: true },
              ...taxColumns<B2cRow>(),
            ]}
            totals={r.b2c.length ? [{ label: 'Total', row: sum(r.b2c) }] : []}
          />
          <ReportTable<HsnRow>
            caption="HSN summary (net of credit notes)"
            rows={r.hsn}
            rowKey={(h) => `${h.hsnCode}-${h.rateBp}`}
            empty="No goods in this month."
            columns={[
              { header: 'HSN', cell: (h) => h.hsnCode },
              { header: 'Description', cell: (h) => h.description, wrap: true },
              { header: 'UQC', cell: (h) => h.uqc },
              { header: 'Quantity', cell: (h) => formatCount(h.quantity), numeric: true },
              { header: 'Rate', cell: (h) => rate(h.rateBp), numeric: true },
              { header: 'Total value', money: (h) => h.totalValuePaise },
              ...taxColumns<HsnRow>(),
            ]}
            totals={
              r.hsn.length
                ? [{ label: 'Total', row: { ...sum(r.hsn), totalValuePaise: r.hsn.reduce((s, h) => s + h.totalValuePaise, 0) } }]
                : []
            }
          />
          <ReportTable<CdnrRow>
            caption="Credit notes to registered buyers (table 9B, CDNR)"
            rows={r.cdnr}
            rowKey={(c) => `${c.number}-${c.rateBp}`}
            empty="No credit note against a B2B invoice in this month."
            columns={[
              { header: 'Recipient and GSTIN', cell: (c) => <Recipient name={c.receiverName} gstin={c.buyerGstin} />, wrap: true },
              { header: 'Credit note and date', cell: (c) => <Dated number={c.number} date={c.date} /> },
              { header: 'Invoice', cell: (c) => c.invoiceNumber },
              { header: 'Place of supply', cell: (c) => `${c.placeOfSupply.code} – ${c.placeOfSupply.name}`, wrap: true },
              { header: 'Value', money: (c) => c.valuePaise },
              { header: 'Rate', cell: (c) => rate(c.rateBp), numeric: true },
              ...taxColumns<CdnrRow>(),
            ]}
            totals={
              r.cdnr.length ? [{ label: 'Total', row: { ...sum(r.cdnr), valuePaise: r.cdnr.reduce((s, c) => s + c.valuePaise, 0) } }] : []
            }
          />
          <ReportTable<CdnurRow>
            caption="Credit notes against B2C large invoices (table 9B, CDNUR)"
            rows={r.cdnur}
            rowKey={(c) => `${c.number}-${c.rateBp}`}
            empty="No credit note against a B2C large invoice in this month."
            columns={[
              { header: 'Credit note', cell: (c) => c.number },
              { header: 'Date', cell: (c) => formatDate(c.date) },
              { header: 'Invoice', cell: (c) => c.invoiceNumber },
              { header: 'Place of supply', cell: (c) => `${c.placeOfSupply.code} – ${c.placeOfSupply.name}`, wrap: true },
              { header: 'Value', money: (c) => c.valuePaise },
              { header: 'Rate', cell: (c) => rate(c.rateBp), numeric: true },
              ...taxColumns<CdnurRow>(),
            ]}
            totals={
              r.cdnur.length
                ? [{ label: 'Total', row: { ...sum(r.cdnur), valuePaise: r.cdnur.reduce((s, c) => s + c.valuePaise, 0) } }]
                : []
            }
          />
          <ReportTable<NoteRow>
            caption="All credit notes issued"
            rows={r.creditNotes}
            rowKey={(c) => c.number}
            empty="No credit notes issued in this month."
            columns={[
              { header: 'Credit note', cell: (c) => c.number },
              { header: 'Date', cell: (c) => formatDate(c.date) },
              { header: 'Order', cell: (c) => c.orderNumber },
              { header: 'Place of supply', cell: (c) => `${c.placeOfSupply.code} – ${c.placeOfSupply.name}`, wrap: true },
              ...taxColumns<NoteRow>(),
              { header: 'Shipping', money: (c) => c.shippingPaise },
              { header: 'Total', money: (c) => c.totalPaise },
            ]}
          />
          <ReportTable<GstTotals & { label: string }>
            caption="Totals"
            rows={[
              { label: 'Invoiced', ...r.totals.invoiced },
              { label: 'Credit notes', ...r.totals.credited },
              { label: 'Net of credit notes', ...r.totals.net },
            ]}
            rowKey={(t) => t.label}
            empty=""
            columns={[
              { header: 'Figure', cell: (t) => t.label },
              ...taxColumns<GstTotals & { label: string }>(),
              { header: 'Shipping (no GST)', money: (t) => t.shippingPaise },
              { header: 'Total', money: (t) => t.totalPaise },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}
