import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { formatPaise } from '~/shared/money';
import { formatMobile } from '~/shared/phone';
import { groupedEwbNo } from '~/shared/schemas/eway-bills';
import type { OrderDetail } from '~/shared/schemas/orders';
import { dayOf } from '../../lib/dates';
import { INVOICE_FONT_FILES } from './pdf-layout';

export interface PackingSlip {
  orderNumber: string;
  orderDate: Date;
  sellerName: string;
  shipTo: OrderDetail['address'];
  /** What the courier collects at the door, from `cashToCollect`. */
  collect: CashToCollect;
  /** `serials`: each unit's serial once packed (decision 72), absent or empty before. */
  lines: { name: string; brand: string; hsnCode: string; quantity: number; serials?: string[] }[];
  /** The parcel's live e-way bill, when it has one (decision 75): its number and the end of its validity. */
  ewayBill?: { ewbNo: string; validUntil: Date };
}

/** The payment lines of a packing slip: what the courier collects (headline) and why (detail). */
export interface CashToCollect {
  headline: string;
  detail: string | null;
}

/**
 * What a slip tells the courier to collect. The shop takes cash on delivery as one payment for the
 * whole order (delivery charge included), counted as collected when the last seller's items are
 * delivered (the flow deliver-order's `complete`): so the parcel that completes the order collects the
 * cash still due, and while other sellers' parcels of the order are still on their way the slip
 * says the cash is the whole order's, taken once, and what this seller's items come to.
 */
export function cashToCollect(input: {
  paymentMethod: string;
  /** The order's cash-on-delivery payment: what is due until it is collected. */
  cash: { status: string; amountPaise: number } | null;
  /** Other sellers of the order whose items are still to be delivered. */
  otherSellersToDeliver: number;
  /** This seller's share of the order: its lines not cancelled, after their coupon share (the vendor's order view). */
  sellerSharePaise: number;
}): CashToCollect {
  if (input.paymentMethod !== 'cod' || !input.cash) return { headline: 'Prepaid: collect nothing', detail: 'The customer paid online.' };
  if (input.cash.status !== 'created') {
    return { headline: 'Cash on delivery, collected already: collect nothing', detail: null };
  }
  const due = formatPaise(input.cash.amountPaise);
  if (input.otherSellersToDeliver === 0) {
    return { headline: `Cash on delivery: collect ${due}`, detail: 'Everything the customer owes for this order, in cash.' };
  }
  const parcels = input.otherSellersToDeliver + 1;
  return {
    headline: `Cash on delivery: ${due} for the whole order, collected once`,
    detail:
      `This order comes in ${parcels} parcels from ${parcels} sellers: the customer pays ${due} once, for all of them, ` +
      `and the shop counts it as collected when the last parcel is delivered. Your items in this parcel come to ${formatPaise(input.sellerSharePaise)}.`,
  };
}

/**
 * The sheet a seller puts in the box: the order number, what the courier collects (cash on
 * delivery's amount, or nothing when prepaid), where it goes, and the seller's own items with their
 * quantities (cancelled ones left out). No prices of items: the parcel may be opened by anyone on
 * the way, and a courier needs only the amount to collect.
 */
export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const [regular, bold] = await Promise.all([readFile(INVOICE_FONT_FILES.regular), readFile(INVOICE_FONT_FILES.bold)]);
  const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: `Packing slip ${slip.orderNumber}`, Author: slip.sellerName } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text('Packing slip');
  doc.font('regular').fontSize(10).fillColor('#555555').text(`${slip.sellerName} · Sahyadri Computers marketplace`);
  doc.moveDown();
  doc.fillColor('#000000').font('bold').fontSize(12).text(`Order ${slip.orderNumber}`);
  doc
    .font('regular')
    .fontSize(10)
    .text(`Placed on ${dayOf(slip.orderDate)}`);
  if (slip.ewayBill) {
    // Validity ends at midnight in India (rule 138(10)): the last minute is printed, as the portal does.
    doc
      .font('bold')
      .text(`E-way bill ${groupedEwbNo(slip.ewayBill.ewbNo)}`, { continued: true })
      .font('regular')
      .text(` · valid until ${dayOf(slip.ewayBill.validUntil)}, 11:59 pm`);
  }
  doc.moveDown(0.5);
  doc.font('bold').fontSize(12).text(slip.collect.headline);
  if (slip.collect.detail) doc.font('regular').fontSize(9).text(slip.collect.detail);
  doc.fontSize(10).moveDown();
  doc.font('bold').text('Ship to');
  const a = slip.shipTo;
  doc
    .font('regular')
    .text(
      [a.fullName, a.line1, a.line2, `${a.city}, ${a.state} ${a.pinCode}`, `Mobile ${formatMobile(a.mobile)}`].filter(Boolean).join('\n'),
    );
  doc.moveDown();

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = doc.y;
  doc.font('bold').fontSize(9);
  doc.text('Item', left, y, { width: width - 110 });
  doc.text('HSN', left + width - 110, y, { width: 60 });
  doc.text('Qty', left + width - 50, y, { width: 50, align: 'right' });
  y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.font('regular');
  for (const line of slip.lines) {
    y += 6;
    doc.text(`${line.brand} · ${line.name}`, left, y, { width: width - 120 });
    const next = doc.y;
    doc.text(line.hsnCode, left + width - 110, y, { width: 60 });
    doc.text(String(line.quantity), left + width - 50, y, { width: 50, align: 'right' });
    y = Math.max(next, doc.y);
    if (line.serials?.length) {
      doc.fontSize(8).text(`Serial no. ${line.serials.join(', ')}`, left, y + 2, { width: width - 120 });
      doc.fontSize(9);
      y = doc.y;
    }
  }
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  const units = slip.lines.reduce((n, l) => n + l.quantity, 0);
  doc.font('bold').text(`${units} item${units === 1 ? '' : 's'} in this parcel`, left, y + 6);
  doc.end();
  return done;
}
