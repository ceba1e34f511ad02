import { placeOfSupplyLabel } from '~/shared/schemas/business';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPaise } from '~/shared/money';
import type { OrderDetail, OrderItem } from '~/shared/schemas/orders';
import { amountInWords } from '~/shared/amount-in-words';

/**
 * The page of the shop's A4 tax documents (invoice, credit note): fonts, margins, the heading with
 * the issuer and the document's numbers, the parties, the sellers, the amount in words and the
 * footers. The documents module renders what it is given and reads nothing.
 */

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

export type Doc = PDFKit.PDFDocument;

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

export const MARGIN = 40;
const FOOTER_SPACE = 34;
export const GREY = '#555555';
export const RULE = '#bbbbbb';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
export const formatDate = (value: string) => dateFormat.format(new Date(value));
export const minus = (paise: number) => `− ${formatPaise(paise)}`;
export const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

export function bottomLimit(doc: Doc) {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

/** Label: value rows at (x, y); returns the y below them. */
export function keyValues(
  doc: Doc,
  rows: [string, string][],
  x: number,
  y: number,
  labelWidth: number,
  valueWidth: number,
  size = 9,
): number {
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
export interface Heading {
  title: string;
  rows: [string, string][];
}

export function drawHeader(doc: Doc, shop: InvoiceShop, heading: Heading): number {
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

function addressLines(a: Pick<OrderDetail['address'], 'line1' | 'line2' | 'city' | 'pinCode' | 'state'>): string {
  return [a.line1, a.line2, `${a.city} ${a.pinCode}`, a.state].filter(Boolean).join('\n');
}

/**
 * The place of supply as a tax document prints it (decision 71): a business's GSTIN state with its GST
 * code, "Karnataka (29)"; a consumer's delivery state as before.
 */
export function placeOfSupplyOf(order: OrderDetail): string {
  return order.business ? placeOfSupplyLabel(order.business.billingAddress.state) : order.address.state;
}

/** Bill to (the customer, or for a business its legal name, GSTIN and billing address: decision 71) and ship to. */
export function drawParties(doc: Doc, order: OrderDetail, y: number): number {
  const width = 250;
  const billedTo: [number, string, string, string] = order.business
    ? [
        MARGIN,
        'Billed to',
        order.business.legalName,
        `GSTIN: ${order.business.gstin}\n${addressLines(order.business.billingAddress)}\nOrdered by ${order.customer.name}`,
      ]
    : [MARGIN, 'Bill to', order.customer.name, `${order.customer.email}\n${addressLines(order.address)}`];
  const blocks: [number, string, string, string][] = [
    billedTo,
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

export function drawSellers(doc: Doc, order: OrderDetail, y: number): number {
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

/** A new page headed "<document> (continued)". */
export function continuedPage(doc: Doc, documentName: string): number {
  doc.addPage();
  doc.font('regular').fontSize(8).fillColor(GREY).text(`${documentName} (continued)`, MARGIN, MARGIN);
  return MARGIN + 16;
}

/** The total in words (Indian numbering), at the left under the table, with a small grey label. */
export function drawAmountInWords(doc: Doc, totalPaise: number, y: number, width: number): void {
  doc.font('bold').fontSize(7.5).fillColor(GREY).text('AMOUNT IN WORDS', MARGIN, y, { width });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(amountInWords(totalPaise), MARGIN, doc.y + 2, { width });
}

/** Page numbers and the closing line on every page, drawn once all pages exist. */
export function drawFooters(doc: Doc, documentNumber: string, closing = 'This is a computer-generated invoice.') {
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

/** An A4 document with the invoice fonts, drawn by `draw`, as a Buffer. */
export async function renderDocument(
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
