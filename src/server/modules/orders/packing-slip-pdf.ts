import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import type { AddressSnapshot } from '../../db/schema/orders';
import { dayOf } from '../../lib/dates';
import { INVOICE_FONT_FILES } from './invoice-pdf';

export interface PackingSlip {
  orderNumber: string;
  orderDate: Date;
  sellerName: string;
  shipTo: AddressSnapshot;
  paymentNote: string;
  lines: { name: string; brand: string; hsnCode: string; quantity: number }[];
}

/**
 * The sheet a seller puts in the box: the order number, where it goes, and the seller's own items
 * with their quantities (cancelled ones left out). No prices and no payment details: the parcel
 * may be opened by anyone on the way.
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
    .text(`Placed on ${dayOf(slip.orderDate)} · ${slip.paymentNote}`);
  doc.moveDown();
  doc.font('bold').text('Ship to');
  const a = slip.shipTo;
  doc
    .font('regular')
    .text([a.fullName, a.line1, a.line2, `${a.city}, ${a.state} ${a.pinCode}`, `Mobile ${a.mobile}`].filter(Boolean).join('\n'));
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
