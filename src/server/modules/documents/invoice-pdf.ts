import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '~/shared/orders';
import type { OrderDetail } from '~/shared/schemas/orders';
import {
  bottomLimit,
  continuedPage,
  drawAmountInWords,
  drawFooters,
  drawHeader,
  drawParties,
  drawSellers,
  formatDate,
  GREY,
  keyValues,
  MARGIN,
  minus,
  placeOfSupplyOf,
  renderDocument,
  RULE,
  type Doc,
  type Heading,
  type InvoiceShop,
} from './pdf-layout';
import { drawDocumentMarks, prepareDocumentMarks } from './e-invoice-mark';
import { drawLines, itemCells } from './tax-table';

const invoiceHeading = (order: OrderDetail, invoice: { number: string; date: string }): Heading => ({
  // A business's invoice is a B2B tax invoice (decision 71): its GSTIN is in "Billed to".
  title: order.business ? 'Tax Invoice (B2B)' : 'Tax Invoice',
  rows: [
    ['Invoice number', invoice.number],
    ['Invoice date', formatDate(invoice.date)],
    ['Order number', order.orderNumber],
    ['Order date', formatDate(order.orderDate)],
    ['Place of supply', placeOfSupplyOf(order)],
    ...(order.business ? ([['Buyer GSTIN', order.business.gstin]] as [string, string][]) : []),
  ],
});

/** The totals at the right (with the GST they contain), the amount in words and the payment at the left. */
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
  drawAmountInWords(doc, t.totalPaise, y, width);
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
  // A business's invoice prints its sellers' IRNs and signed QR codes under its heading (decision 76).
  const marks = await prepareDocumentMarks(invoice.eInvoices);
  return renderDocument(
    { title: `Tax Invoice ${invoice.number}`, author: shop.name, subject: `Order ${order.orderNumber}`, date: invoice.date },
    options,
    (doc) => {
      let y = drawHeader(doc, shop, invoiceHeading(order, invoice));
      y = drawDocumentMarks(doc, marks, y);
      y = drawParties(doc, order, y);
      y = drawSellers(doc, order, y);
      y = drawLines(
        doc,
        order.items.map((item, index) => itemCells(item, index)),
        `Tax Invoice ${invoice.number}`,
        y,
      );
      drawTotals(doc, order, y);
      drawFooters(doc, invoice.number);
    },
  );
}
