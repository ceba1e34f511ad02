import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '~/shared/orders';
import type { CreditNote, OrderDetail, OrderItem } from '~/shared/schemas/orders';
import { amountInWords } from '~/shared/amount-in-words';

/** Who issues the invoice (SHOP in shared/constants, with its address written out). */
export interface InvoiceShop {
  name: string;
  legalName?: string;
  /** One or more lines, separated by new lines. */
  address: string;
  gstin?: string | null;
  email: string;
  phone: string;
}

type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
/** DejaVu Sans has the rupee sign (U+20B9), which the PDF standard fonts lack. */
export const INVOICE_FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

let fontsLoading: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
function loadFonts() {
  fontsLoading ??= Promise.all([readFile(INVOICE_FONT_FILES.regular), readFile(INVOICE_FONT_FILES.bold)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return fontsLoading;
}

const MARGIN = 40;
const FOOTER_SPACE = 34;
const GREY = '#555555';
const RULE = '#bbbbbb';
const TABLE_FONT = 7.5;

interface Column {
  key: 'no' | 'description' | 'hsn' | 'qty' | 'rate' | 'taxable' | 'rateGst' | 'tax' | 'amount';
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}
// 515 points: the width of A4 inside the margins.
const COLUMNS: Column[] = [
  { key: 'no', title: '#', width: 16, align: 'left' },
  { key: 'description', title: 'Description', width: 130, align: 'left' },
  { key: 'hsn', title: 'HSN', width: 50, align: 'left' },
  { key: 'qty', title: 'Qty', width: 22, align: 'right' },
  { key: 'rate', title: 'Rate (incl. GST)', width: 64, align: 'right' },
  { key: 'taxable', title: 'Taxable value', width: 64, align: 'right' },
  { key: 'rateGst', title: 'GST %', width: 30, align: 'right' },
  { key: 'tax', title: 'CGST + SGST / IGST', width: 73, align: 'right' },
  { key: 'amount', title: 'Amount', width: 66, align: 'right' },
];
const CELL_PAD = 3;

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const formatDate = (value: string) => dateFormat.format(new Date(value));
const minus = (paise: number) => `− ${formatPaise(paise)}`;
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

function bottomLimit(doc: Doc) {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

/** Label: value rows at (x, y); returns the y below them. */
function keyValues(doc: Doc, rows: [string, string][], x: number, y: number, labelWidth: number, valueWidth: number, size = 9): number {
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(size).fillColor(GREY).text(label, x, y, { width: labelWidth });
    doc
      .font('bold')
      .fillColor('black')
      .text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
    y = Math.max(y + doc.heightOfString(label, { width: labelWidth }), doc.y) + 2;
  }
  return y;
}

/** The document's title and its numbers and dates, top right. */
interface Heading {
  title: string;
  rows: [string, string][];
}

const invoiceHeading = (order: OrderDetail, invoice: { number: string; date: string }): Heading => ({
  title: 'Tax Invoice',
  rows: [
    ['Invoice number', invoice.number],
    ['Invoice date', formatDate(invoice.date)],
    ['Order number', order.orderNumber],
    ['Order date', formatDate(order.orderDate)],
    ['Place of supply', order.address.state],
  ],
});

function drawHeader(doc: Doc, shop: InvoiceShop, heading: Heading): number {
  const top = MARGIN;
  doc.font('bold').fontSize(18).fillColor('black').text(heading.title, MARGIN, top);
  doc.font('regular').fontSize(8).fillColor(GREY).text('Original for recipient', MARGIN, doc.y);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(12).fillColor('black').text(shop.name, { width: 290 });
  doc.font('regular').fontSize(9);
  if (shop.legalName && shop.legalName !== shop.name) doc.text(shop.legalName, { width: 290 });
  doc.text(shop.address, { width: 290 });
  if (shop.gstin) doc.font('bold').text(`GSTIN: ${shop.gstin}`, { width: 290 });
  doc.font('regular').text(`${shop.email}  ·  ${shop.phone}`, { width: 290 });
  const leftBottom = doc.y;

  const rightBottom = keyValues(doc, heading.rows, 345, top + 4, 80, 130);
  const y = Math.max(leftBottom, rightBottom) + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.7)
    .stroke();
  return y + 10;
}

function addressLines(a: OrderDetail['address']): string {
  return [a.line1, a.line2, `${a.city} ${a.pinCode}`, a.state].filter(Boolean).join('\n');
}

function drawParties(doc: Doc, order: OrderDetail, y: number): number {
  const width = 250;
  const blocks: [number, string, string, string][] = [
    [MARGIN, 'Bill to', order.customer.name, `${order.customer.email}\n${addressLines(order.address)}`],
    [MARGIN + 265, 'Ship to', order.address.fullName, `${addressLines(order.address)}\nPhone: ${order.address.mobile}`],
  ];
  let bottom = y;
  for (const [x, title, name, body] of blocks) {
    doc.font('bold').fontSize(8).fillColor(GREY).text(title.toUpperCase(), x, y, { width });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('black')
      .text(name, x, doc.y + 2, { width });
    doc.font('regular').fontSize(9).text(body, x, doc.y, { width });
    bottom = Math.max(bottom, doc.y);
  }
  return bottom + 12;
}

interface SellerGroup {
  name: string;
  state: string;
  gstin: string | null;
  lineNumbers: number[];
  intraState: boolean;
}

function sellerGroups(items: OrderItem[]): SellerGroup[] {
  const groups = new Map<string, SellerGroup>();
  items.forEach((item, index) => {
    const key = `${item.sellerName}|${item.sellerGstin ?? ''}`;
    const group = groups.get(key) ?? {
      name: item.sellerName,
      state: item.sellerState,
      gstin: item.sellerGstin,
      lineNumbers: [],
      intraState: item.igstPaise === 0,
    };
    group.lineNumbers.push(index + 1);
    groups.set(key, group);
  });
  return [...groups.values()];
}

function drawSellers(doc: Doc, order: OrderDetail, y: number): number {
  const groups = sellerGroups(order.items);
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(GREY)
    .text(groups.length > 1 ? `SOLD BY (${groups.length} SELLERS)` : 'SOLD BY', MARGIN, y, { width });
  doc.fillColor('black').fontSize(8.5);
  for (const g of groups) {
    const items = g.lineNumbers.length === 1 ? `item ${g.lineNumbers[0]}` : `items ${g.lineNumbers.join(', ')}`;
    const tax = g.intraState ? `CGST + SGST (within ${g.state})` : `IGST (${g.state} to ${order.address.state})`;
    const gstin = g.gstin ? `GSTIN ${g.gstin}` : 'not registered for GST';
    doc.font('bold').text(g.name, MARGIN, doc.y + 1, { continued: true, width });
    doc.font('regular').text(`, ${g.state}, ${gstin}: ${items}; ${tax}.`, { width });
  }
  return doc.y + 10;
}

function drawTableHeader(doc: Doc, y: number): number {
  const height = 22;
  doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, height).fill('#eeeeee');
  let x = MARGIN;
  doc.font('bold').fontSize(7).fillColor('black');
  for (const c of COLUMNS) {
    doc.text(c.title, x + CELL_PAD, y + 4, { width: c.width - 2 * CELL_PAD, align: c.align });
    x += c.width;
  }
  return y + height + 3;
}

function cells(item: OrderItem, index: number): Record<Column['key'], string> {
  const discount = item.discountPaise > 0 ? `\nCoupon discount ${minus(item.discountPaise)}` : '';
  const tax =
    item.igstPaise > 0 ? `IGST ${formatPaise(item.igstPaise)}` : `CGST ${formatPaise(item.cgstPaise)}\nSGST ${formatPaise(item.sgstPaise)}`;
  return {
    no: String(index + 1),
    description: `${item.name}\n${item.brand} · ${item.category} · Sold by ${item.sellerName}${discount}`,
    hsn: item.hsnCode,
    qty: String(item.quantity),
    rate: formatPaise(item.unitPricePaise),
    taxable: formatPaise(item.taxablePaise),
    rateGst: percent(item.gstRateBp),
    tax,
    amount: formatPaise(item.lineTotalPaise - item.discountPaise),
  };
}

function rowHeight(doc: Doc, row: Record<Column['key'], string>): number {
  doc.font('regular').fontSize(TABLE_FONT);
  return Math.max(...COLUMNS.map((c) => doc.heightOfString(row[c.key], { width: c.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
}

/** A new page headed "<document> (continued)". */
function continuedPage(doc: Doc, documentName: string): number {
  doc.addPage();
  doc.font('regular').fontSize(8).fillColor(GREY).text(`${documentName} (continued)`, MARGIN, MARGIN);
  return MARGIN + 16;
}

function drawLines(doc: Doc, rows: Record<Column['key'], string>[], documentName: string, y: number): number {
  y = drawTableHeader(doc, y);
  rows.forEach((row) => {
    const height = rowHeight(doc, row);
    if (y + height > bottomLimit(doc)) y = drawTableHeader(doc, continuedPage(doc, documentName));
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.font('regular').fontSize(TABLE_FONT).fillColor('black');
      doc.text(row[c.key], x + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align });
      x += c.width;
    }
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  });
  return y + 12;
}

function drawTotals(doc: Doc, order: OrderDetail, y: number): number {
  const t = order.totals;
  const taxable = order.items.reduce((n, i) => n + i.taxablePaise, 0);
  const rows: [string, string][] = [['Items (incl. GST)', formatPaise(t.subtotalPaise)]];
  if (t.discountPaise > 0) rows.push([order.couponCode ? `Discount (coupon ${order.couponCode})` : 'Discount', minus(t.discountPaise)]);
  rows.push([
    order.deliveryOption === 'express' ? 'Express delivery' : 'Shipping',
    t.shippingPaise === 0 ? 'Free' : formatPaise(t.shippingPaise),
  ]);
  const gstRows: [string, string][] = [['Taxable value', formatPaise(taxable)]];
  if (t.cgstPaise > 0 || t.sgstPaise > 0) gstRows.push(['CGST', formatPaise(t.cgstPaise)], ['SGST', formatPaise(t.sgstPaise)]);
  if (t.igstPaise > 0) gstRows.push(['IGST', formatPaise(t.igstPaise)]);
  gstRows.push(['GST contained in the total', formatPaise(t.gstPaise)]);

  const needed = 20 + (rows.length + gstRows.length + 2) * 14;
  if (y + Math.max(needed, 150) > bottomLimit(doc)) y = continuedPage(doc, `Tax Invoice ${order.invoice?.number ?? order.orderNumber}`);

  const x = 315;
  let right = keyValues(doc, rows, x, y, 140, 100);
  doc
    .moveTo(x, right)
    .lineTo(x + 240, right)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  right = keyValues(doc, [['Total', formatPaise(t.totalPaise)]], x, right + 4, 140, 100, 11) + 4;
  doc.font('bold').fontSize(7.5).fillColor(GREY).text('GST INCLUDED IN THE TOTAL', x, right, { width: 240 });
  right = keyValues(doc, gstRows, x, doc.y + 2, 140, 100, 8.5);

  const p = order.payment;
  const method =
    p.method === 'emi' && order.emiTenureMonths
      ? `${PAYMENT_METHOD_LABELS.emi}, ${order.emiTenureMonths} months`
      : PAYMENT_METHOD_LABELS[p.method];
  const width = 255;
  doc.font('bold').fontSize(7.5).fillColor(GREY).text('AMOUNT IN WORDS', MARGIN, y, { width });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(amountInWords(t.totalPaise), MARGIN, doc.y + 2, { width });
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(GREY)
    .text('PAYMENT', MARGIN, doc.y + 8, { width });
  doc.font('regular').fontSize(9).fillColor('black');
  doc.text(`${method}: ${PAYMENT_STATUS_LABELS[p.status]}`, MARGIN, doc.y + 2, { width });
  if (p.paidWith && p.paidWith !== p.method)
    doc.text(`Paid with ${PAYMENT_METHOD_LABELS[p.paidWith as keyof typeof PAYMENT_METHOD_LABELS] ?? p.paidWith}`, { width });
  if (p.providerPaymentId) doc.text(`Payment reference ${p.providerPaymentId}`, { width });
  if (p.capturedAt) doc.text(`Paid on ${formatDate(p.capturedAt)}`, { width });
  for (const r of order.refunds) doc.text(`Refund of ${formatPaise(r.amountPaise)} (${r.status}) on ${formatDate(r.createdAt)}`, { width });
  for (const n of order.creditNotes)
    doc.text(`Credit note ${n.number} of ${formatPaise(n.totalPaise)} on ${formatDate(n.date)}`, { width });
  return Math.max(right, doc.y) + 14;
}

/** Page numbers and the closing line on every page, drawn once all pages exist. */
function drawFooters(doc: Doc, documentNumber: string, closing = 'This is a computer-generated invoice.') {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not open a new page
    const y = doc.page.height - MARGIN - 18;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(GREY);
    doc.text(closing, MARGIN, y, { width: 300, lineBreak: false });
    doc.text(`${documentNumber}  ·  Page ${i - range.start + 1} of ${range.count}`, doc.page.width - MARGIN - 200, y, {
      width: 200,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The GST tax invoice of an order as an A4 PDF: the shop, invoice and order numbers, bill-to and
 * ship-to, one table row per item with HSN, taxable value and CGST + SGST or IGST, the sellers
 * the items come from, totals with the GST they contain, the amount in words and the payment.
 * Long tables continue on further pages. Throws when the order has no invoice yet (unpaid).
 * `compress: false` keeps the content streams readable (for tests).
 */
export async function renderInvoicePdf(order: OrderDetail, shop: InvoiceShop, options: { compress?: boolean } = {}): Promise<Buffer> {
  const invoice = order.invoice;
  if (!invoice) throw new Error(`Order ${order.orderNumber} has no invoice yet`);
  return renderDocument(
    { title: `Tax Invoice ${invoice.number}`, author: shop.name, subject: `Order ${order.orderNumber}`, date: invoice.date },
    options,
    (doc) => {
      let y = drawHeader(doc, shop, invoiceHeading(order, invoice));
      y = drawParties(doc, order, y);
      y = drawSellers(doc, order, y);
      y = drawLines(
        doc,
        order.items.map((item, index) => cells(item, index)),
        `Tax Invoice ${invoice.number}`,
        y,
      );
      drawTotals(doc, order, y);
      drawFooters(doc, invoice.number);
    },
  );
}

function creditCells(order: OrderDetail, line: CreditNote['lines'][number], index: number): Record<Column['key'], string> {
  const item = order.items.find((i) => i.id === line.itemId);
  const tax =
    line.igstPaise > 0 ? `IGST ${formatPaise(line.igstPaise)}` : `CGST ${formatPaise(line.cgstPaise)}\nSGST ${formatPaise(line.sgstPaise)}`;
  return {
    no: String(index + 1),
    description: item ? `${line.name}\n${item.brand} · ${item.category} · Sold by ${item.sellerName}` : line.name,
    hsn: line.hsnCode,
    qty: String(line.quantity),
    rate: formatPaise(Math.round(line.amountPaise / line.quantity)),
    taxable: formatPaise(line.taxablePaise),
    rateGst: percent(line.gstRateBp),
    tax,
    amount: formatPaise(line.amountPaise),
  };
}

function drawCreditTotals(doc: Doc, note: CreditNote, y: number): number {
  const sum = (key: 'cgstPaise' | 'sgstPaise' | 'igstPaise') => note.lines.reduce((n, l) => n + l[key], 0);
  const rows: [string, string][] = [['Taxable value', formatPaise(note.taxablePaise)]];
  if (sum('igstPaise') > 0) rows.push(['IGST', formatPaise(sum('igstPaise'))]);
  if (sum('cgstPaise') > 0 || sum('sgstPaise') > 0)
    rows.push(['CGST', formatPaise(sum('cgstPaise'))], ['SGST', formatPaise(sum('sgstPaise'))]);
  if (note.shippingPaise > 0) rows.push(['Shipping charge', formatPaise(note.shippingPaise)]);
  if (y + 150 > bottomLimit(doc)) y = continuedPage(doc, `Credit Note ${note.number}`);
  const x = 315;
  let right = keyValues(doc, rows, x, y, 140, 100);
  doc
    .moveTo(x, right)
    .lineTo(x + 240, right)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  right = keyValues(doc, [['Total credited', formatPaise(note.totalPaise)]], x, right + 4, 140, 100, 11);
  const width = 255;
  doc.font('bold').fontSize(7.5).fillColor(GREY).text('AMOUNT IN WORDS', MARGIN, y, { width });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(amountInWords(note.totalPaise), MARGIN, doc.y + 2, { width });
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(GREY)
    .text('REASON', MARGIN, doc.y + 8, { width });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('black')
    .text(note.reason, MARGIN, doc.y + 2, { width });
  return Math.max(right, doc.y) + 14;
}

/**
 * A GST credit note (section 34 of the CGST Act) against an order's tax invoice, as an A4 PDF: its
 * number and date beside the invoice's, the parties, the credited units with their taxable value and
 * GST, the shipping charge given back, the total in words, and why.
 */
export async function renderCreditNotePdf(
  order: OrderDetail,
  note: CreditNote,
  shop: InvoiceShop,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const invoice = order.invoice;
  if (!invoice) throw new Error(`Order ${order.orderNumber} has no invoice`);
  return renderDocument(
    { title: `Credit Note ${note.number}`, author: shop.name, subject: `Order ${order.orderNumber}`, date: note.date },
    options,
    (doc) => {
      let y = drawHeader(doc, shop, {
        title: 'Credit Note',
        rows: [
          ['Credit note number', note.number],
          ['Credit note date', formatDate(note.date)],
          ['Against invoice', invoice.number],
          ['Invoice date', formatDate(invoice.date)],
          ['Order number', order.orderNumber],
          ['Place of supply', order.address.state],
        ],
      });
      y = drawParties(doc, order, y);
      y = drawSellers(doc, { ...order, items: order.items.filter((i) => note.lines.some((l) => l.itemId === i.id)) }, y);
      y = drawLines(
        doc,
        note.lines.map((line, index) => creditCells(order, line, index)),
        `Credit Note ${note.number}`,
        y,
      );
      drawCreditTotals(doc, note, y);
      drawFooters(doc, note.number, 'This is a computer-generated credit note.');
    },
  );
}

/** An A4 document with the invoice fonts, drawn by `draw`, as a Buffer. */
async function renderDocument(
  info: { title: string; author: string; subject: string; date: string },
  options: { compress?: boolean },
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: new Date(info.date) },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
