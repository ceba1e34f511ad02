import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPaise } from '~/shared/money';
import { LEDGER_STATE_LABELS, type LedgerEntry, type LedgerResponse, type PayoutRates } from '~/shared/schemas/payouts';
import { indiaDay } from './settlement-week';
import { toCsv } from '../../lib/csv';

export interface StatementLine extends LedgerEntry {
  /** The Monday of the payout week the line was paid in, if it is in a payout. */
  payoutPeriod: string | null;
  bankReference: string | null;
}

/**
 * A vendor's month: the lines delivered in it (India time) and the refunds of delivered units made
 * in it (negative lines, "Refund of 1 × … on order …"), their totals, and the rates behind them.
 */
export interface Statement {
  month: string;
  seller: { businessName: string; gstin: string | null; state: string };
  generatedAt: Date;
  lines: StatementLine[];
  /** Totals of the lines not reversed. */
  totals: LedgerResponse['totals'];
  rates: PayoutRates;
}

/** Paise as rupees with two decimals and no grouping, as spreadsheets and accounting software read them: 123456.50. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2).replace(/0$/, '')}%`;
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** TCS as GSTR-8 reports it: CGST + SGST halves within a state, IGST across states. */
function tcsParts(line: Pick<LedgerEntry, 'tcsPaise' | 'intraState'>) {
  return line.intraState ? { cgst: line.tcsPaise / 2, sgst: line.tcsPaise / 2, igst: 0 } : { cgst: 0, sgst: 0, igst: line.tcsPaise };
}

/**
 * The statement as CSV (UTF-8 with a byte-order mark, so spreadsheets read the rupee figures right):
 * a row per line, then a Total row over the lines not reversed. `sale` is after the line's coupon
 * share, which `coupon_share` shows (the seller bears it).
 */
export function renderStatementCsv(s: Statement): string {
  const live = s.lines.filter((l) => l.state !== 'reversed');
  const sum = (pick: (l: StatementLine) => number) => live.reduce((n, l) => n + pick(l), 0);
  const rows = s.lines.map((l) => {
    const tcs = tcsParts(l);
    return {
      delivered_on: indiaDay(new Date(l.deliveredAt)),
      order: l.orderNumber,
      description: l.description,
      category: l.category,
      quantity: l.quantity,
      sale: rupees(l.salePaise),
      coupon_share: rupees(l.couponSharePaise),
      taxable_value: rupees(l.taxablePaise),
      commission_rate: percent(l.commissionRateBp),
      commission: rupees(l.commissionPaise),
      gst_on_commission: rupees(l.commissionGstPaise),
      tcs_cgst: rupees(tcs.cgst),
      tcs_sgst: rupees(tcs.sgst),
      tcs_igst: rupees(tcs.igst),
      tcs: rupees(l.tcsPaise),
      tds: rupees(l.tdsPaise),
      net: rupees(l.netPaise),
      state: LEDGER_STATE_LABELS[l.state],
      payable_from: indiaDay(new Date(l.payableAt)),
      payout_week: l.payoutPeriod ?? '',
      bank_reference: l.bankReference ?? '',
    };
  });
  rows.push({
    delivered_on: 'Total',
    order: `${live.length} ${live.length === 1 ? 'line' : 'lines'} (refunded lines left out)`,
    description: '',
    category: '',
    quantity: sum((l) => l.quantity),
    sale: rupees(s.totals.salePaise),
    coupon_share: rupees(s.totals.couponSharePaise),
    taxable_value: rupees(sum((l) => l.taxablePaise)),
    commission_rate: '',
    commission: rupees(s.totals.commissionPaise),
    gst_on_commission: rupees(s.totals.commissionGstPaise),
    tcs_cgst: rupees(sum((l) => tcsParts(l).cgst)),
    tcs_sgst: rupees(sum((l) => tcsParts(l).sgst)),
    tcs_igst: rupees(sum((l) => tcsParts(l).igst)),
    tcs: rupees(s.totals.tcsPaise),
    tds: rupees(s.totals.tdsPaise),
    net: rupees(s.totals.netPaise),
    state: '',
    payable_from: '',
    payout_week: '',
    bank_reference: '',
  });
  return toCsv(rows, { header: true });
}

const require = createRequire(import.meta.url);
/** DejaVu Sans has the rupee sign (U+20B9), which the PDF standard fonts lack (the invoice uses it too). */
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const MARGIN = 36;
const GREY = '#555555';
const RULE = '#bbbbbb';
interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: StatementLine) => string;
}
// 770 points: A4 landscape inside the margins. The CSV's order: a line's sale (after its coupon
// share), the share, then the deductions worked out on the sale.
const COLUMNS: Column[] = [
  { title: 'Delivered', width: 50, align: 'left', cell: (l) => indiaDay(new Date(l.deliveredAt)) },
  { title: 'Order', width: 56, align: 'left', cell: (l) => l.orderNumber },
  {
    title: 'Item',
    width: 62,
    align: 'left',
    cell: (l) => (l.kind === 'refund' ? `Refund ${-l.quantity} × ${l.category}` : `${l.quantity} × ${l.category}`),
  },
  { title: 'Sale (incl. GST)', width: 64, align: 'right', cell: (l) => formatPaise(l.salePaise) },
  { title: 'Coupon share', width: 60, align: 'right', cell: (l) => formatPaise(l.couponSharePaise) },
  { title: 'Commission', width: 80, align: 'right', cell: (l) => `${formatPaise(l.commissionPaise)} (${percent(l.commissionRateBp)})` },
  { title: 'GST on commission', width: 62, align: 'right', cell: (l) => formatPaise(l.commissionGstPaise) },
  { title: 'TCS', width: 52, align: 'right', cell: (l) => formatPaise(l.tcsPaise) },
  { title: 'TDS', width: 50, align: 'right', cell: (l) => formatPaise(l.tdsPaise) },
  { title: 'Net payable', width: 64, align: 'right', cell: (l) => formatPaise(l.netPaise) },
  { title: 'State', width: 84, align: 'left', cell: (l) => LEDGER_STATE_LABELS[l.state] },
  { title: 'Payout', width: 86, align: 'left', cell: (l) => l.bankReference ?? (l.payoutPeriod ? `week of ${l.payoutPeriod}` : '') },
];

/** The statement as an A4 landscape PDF: the seller, the month's totals, every line, and the law behind each deduction. */
export async function renderStatementPdf(s: Statement): Promise<Buffer> {
  const [regular, bold] = await Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Statement ${s.month} · ${s.seller.businessName}`, Author: 'Sahyadri Computers marketplace' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc
    .font('bold')
    .fontSize(16)
    .text(`Statement of account · ${monthName(s.month)}`, MARGIN, MARGIN);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Sahyadri Computers marketplace · generated ${indiaDay(s.generatedAt)} · lines delivered and refunds made in the month, India time`,
    );
  doc.moveDown(0.5);
  doc.fillColor('black').font('bold').fontSize(11).text(s.seller.businessName);
  doc
    .font('regular')
    .fontSize(9)
    .text(`${s.seller.gstin ? `GSTIN ${s.seller.gstin} · ` : ''}${s.seller.state}`);
  doc.moveDown(0.6);

  const live = s.lines.filter((l) => l.state !== 'reversed');
  const sales = live.filter((l) => l.kind === 'sale');
  const refunds = live.filter((l) => l.kind === 'refund');
  const summary: [string, string][] = [
    [
      'Lines delivered',
      `${sales.length}${s.lines.length > live.length ? ` (and ${s.lines.length - live.length} refunded, left out)` : ''}`,
    ],
    ...(refunds.length > 0
      ? [
          [`Refunds of delivered items (${refunds.length})`, `− ${formatPaise(-refunds.reduce((n, l) => n + l.netPaise, 0))} net`] as [
            string,
            string,
          ],
        ]
      : []),
    // The lines at your prices, less the coupon share you bear, are the sales the deductions are worked out on.
    ['At your prices (GST included, less refunds)', formatPaise(s.totals.salePaise + s.totals.couponSharePaise)],
    ['Coupon share (you bear it)', `− ${formatPaise(s.totals.couponSharePaise)}`],
    ['Sales (GST included, less refunds)', formatPaise(s.totals.salePaise)],
    ['Commission', `− ${formatPaise(s.totals.commissionPaise)}`],
    [`GST on commission (${percent(s.rates.commissionGst.bp)})`, `− ${formatPaise(s.totals.commissionGstPaise)}`],
    [`TCS (${percent(s.rates.tcs.bp)}, section 52 CGST Act)`, `− ${formatPaise(s.totals.tcsPaise)}`],
    [`TDS (${percent(s.rates.vendorTdsBp)}, section 194-O Income-tax Act)`, `− ${formatPaise(s.totals.tdsPaise)}`],
    ['Net payable to you', formatPaise(s.totals.netPaise)],
  ];
  let y = doc.y;
  for (const [label, value] of summary) {
    const last = label.startsWith('Net');
    doc.font(last ? 'bold' : 'regular').fontSize(9.5);
    doc.text(label, MARGIN, y, { width: 260 });
    doc.text(value, MARGIN + 260, y, { width: 120, align: 'right' });
    y += 14;
  }
  y += 8;

  const header = () => {
    doc.font('bold').fontSize(7.5).fillColor(GREY);
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.text(c.title, x + 2, y, { width: c.width - 4, align: c.align });
      x += c.width;
    }
    y += 20;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .strokeColor(RULE)
      .lineWidth(0.7)
      .stroke();
    doc.font('regular').fillColor('black');
  };
  header();
  if (s.lines.length === 0) {
    doc.fontSize(9).text('Nothing of yours was delivered in this month.', MARGIN, y);
    y += 16;
  }
  for (const line of s.lines) {
    if (y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    let x = MARGIN;
    doc.fontSize(7.5).fillColor(line.state === 'reversed' ? GREY : 'black');
    for (const c of COLUMNS) {
      doc.text(c.cell(line), x + 2, y, { width: c.width - 4, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    }
    y += 13;
    if (line.kind === 'refund') {
      // The refund in words, under its figures: which product, how many, which order.
      doc.fillColor(GREY).text(line.description, MARGIN + COLUMNS[0]!.width + 2, y - 2, {
        width: width - COLUMNS[0]!.width - 4,
        lineBreak: false,
        ellipsis: true,
      });
      y += 11;
    }
  }
  doc.fillColor('black');

  if (y > doc.page.height - MARGIN - 110) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  const notes = [
    `Coupon share: when a customer used a shop coupon, each line of the order in its scope carries a share of the discount; you bear your lines' share, so a line's sale is its price less it, and the commission, TCS and TDS are worked out on the sale. A refund gives back its units' share with them.`,
    `Commission: the rate of the item's category on its sale value including GST, after its share of any coupon (${s.rates.commission
      .map((c) => `${c.category} ${percent(c.rateBp)}`)
      .join(', ')} today; each line keeps the rate of its delivery day).`,
    `GST on commission: ${percent(s.rates.commissionGst.bp)} (${s.rates.commissionGst.source}); the marketplace's tax invoice for it lets you claim the input tax credit.`,
    `TCS: ${percent(s.rates.tcs.bp)} of the value before GST since ${s.rates.tcs.since} (${s.rates.tcs.source}): CGST + SGST halves when the customer is in your state, IGST otherwise; credited to your GSTIN's electronic cash ledger (GSTR-8).`,
    `TDS: ${percent(s.rates.tds.bp)} of the sale value since ${s.rates.tds.since} (${s.rates.tds.source}); ${percent(s.rates.tdsWithoutPan.bp)} without a PAN (${s.rates.tdsWithoutPan.source}); credited to your PAN (Form 26AS).`,
    `A refund of delivered items is a line of its own on the day of the refund, every figure negative (those units' share of the sale, commission, GST, TCS and TDS): it is deducted from the payout that pays the sale, or from your next payout when that one was made already.`,
    `A line becomes payable when the customer's ${s.rates.returnWindowDays}-day return window closes; payouts are settled every Monday for the week before. Each figure is rounded to the paisa on its own; net = sale − commission − GST − TCS − TDS.`,
  ];
  doc.font('regular').fontSize(7.5).fillColor(GREY);
  for (const note of notes) {
    doc.text(note, MARGIN, y, { width });
    y = doc.y + 3;
  }
  doc.end();
  return done;
}
