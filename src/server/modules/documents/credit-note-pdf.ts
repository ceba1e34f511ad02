import { formatPaise } from '~/shared/money';
import type { CreditNote, OrderDetail } from '~/shared/schemas/orders';
import {
  bottomLimit,
  continuedPage,
  drawAmountInWords,
  drawFooters,
  drawHeader,
  drawParties,
  placeOfSupplyOf,
  drawSellers,
  formatDate,
  GREY,
  keyValues,
  MARGIN,
  renderDocument,
  RULE,
  type Doc,
  type InvoiceShop,
} from './pdf-layout';
import { drawDocumentMarks, prepareDocumentMarks } from './e-invoice-mark';
import { creditCells, drawLines } from './tax-table';

/** The credited taxable value, GST and shipping at the right; the amount in words and the reason at the left. */
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
  drawAmountInWords(doc, note.totalPaise, y, width);
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
  const marks = await prepareDocumentMarks(note.eInvoices);
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
          ['Place of supply', placeOfSupplyOf(order)],
        ],
      });
      y = drawDocumentMarks(doc, marks, y);
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
