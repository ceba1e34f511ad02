import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { formatPaise } from '~/shared/money';
import { formatMobile } from '~/shared/phone';
import { dayOf } from '../../lib/dates';
import { drawCode128 } from './code128';
import { INVOICE_FONT_FILES } from './pdf-layout';

/** One side of a label: who sends or receives the parcel. */
export interface LabelParty {
  name: string;
  phone: string;
  line1: string | null;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}

/** What a courier's label carries (decision 78). The documents module draws what it is given and reads nothing. */
export interface ShippingLabel {
  awb: string;
  courierName: string;
  orderNumber: string;
  bookedAt: Date;
  from: LabelParty;
  to: LabelParty;
  weightGrams: number;
  chargeableWeightGrams: number;
  box: { lengthMm: number; widthMm: number; heightMm: number };
  /** The cash the courier collects at the door; null when prepaid. */
  codAmountPaise: number | null;
  declaredValuePaise: number;
  items: { name: string; quantity: number }[];
  /** The parcel's live e-way bill number, when it needs one. */
  ewbNo?: string | null;
}

export type LabelSize = 'a4' | '4x6';

/** 4 × 6 inches in PDF points. */
const LABEL_W = 288;
const LABEL_H = 432;

const kg = (grams: number) => `${(grams / 1000).toLocaleString('en-IN', { maximumFractionDigits: 2 })} kg`;
const cmBox = (b: ShippingLabel['box']) => `${b.lengthMm / 10} × ${b.widthMm / 10} × ${b.heightMm / 10} cm`;

function partyLines(p: LabelParty): string[] {
  return [p.line1, p.line2, `${p.city}, ${p.state}`].filter((l): l is string => Boolean(l));
}

/** One label in a 4 × 6 inch box whose top left corner is (x0, y0). */
function drawLabel(doc: PDFKit.PDFDocument, label: ShippingLabel, x0: number, y0: number): void {
  const pad = 10;
  const w = LABEL_W - 2 * pad;
  const x = x0 + pad;
  doc
    .lineWidth(1)
    .rect(x0 + 2, y0 + 2, LABEL_W - 4, LABEL_H - 4)
    .stroke('#000000');

  // The courier and payment: what a sorter reads first.
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(label.courierName, x, y0 + pad, { width: w * 0.6 });
  const payment = label.codAmountPaise === null ? 'PREPAID' : `COD ${formatPaise(label.codAmountPaise)}`;
  doc
    .font('bold')
    .fontSize(label.codAmountPaise === null ? 12 : 11)
    .text(payment, x + w * 0.55, y0 + pad, { width: w * 0.45, align: 'right' });

  // The AWB barcode.
  const barY = y0 + 34;
  drawCode128(doc, label.awb, { x: x + 6, y: barY, width: w - 12, height: 52 });
  doc
    .font('bold')
    .fontSize(11)
    .text(`AWB ${label.awb}`, x, barY + 56, { width: w, align: 'center' });

  let y = barY + 76;
  const rule = () => {
    doc
      .moveTo(x0 + 2, y)
      .lineTo(x0 + LABEL_W - 2, y)
      .lineWidth(0.75)
      .stroke('#000000');
    y += 6;
  };
  rule();

  // Deliver to: large, with the PIN biggest.
  doc.font('regular').fontSize(7.5).text('DELIVER TO', x, y);
  y += 10;
  doc.font('bold').fontSize(11).text(label.to.name, x, y, { width: w });
  y = doc.y;
  doc.font('regular').fontSize(9.5);
  for (const line of partyLines(label.to)) {
    doc.text(line, x, y, { width: w });
    y = doc.y;
  }
  doc
    .font('bold')
    .fontSize(16)
    .text(`PIN ${label.to.pinCode}`, x, y + 2, { width: w * 0.55 });
  doc
    .font('regular')
    .fontSize(9.5)
    .text(formatMobile(label.to.phone), x + w * 0.5, y + 6, { width: w * 0.5, align: 'right' });
  y = doc.y + 8;
  rule();

  // The parcel.
  doc.font('regular').fontSize(8.5);
  const facts = [
    `Order ${label.orderNumber}   Booked ${dayOf(label.bookedAt)}`,
    `Weight ${kg(label.weightGrams)} (charged ${kg(label.chargeableWeightGrams)})   Box ${cmBox(label.box)}`,
    `Declared value ${formatPaise(label.declaredValuePaise)}${label.ewbNo ? `   E-way bill ${label.ewbNo}` : ''}`,
  ];
  for (const f of facts) {
    doc.text(f, x, y, { width: w });
    y = doc.y + 1;
  }
  const items = label.items.map((i) => `${i.quantity} × ${i.name}`).join('; ');
  doc.text(`Contents: ${items}`, x, y, { width: w, height: 34, ellipsis: true });
  y = Math.min(doc.y, y + 34) + 6;
  rule();

  // Return to: the seller.
  doc.font('regular').fontSize(7.5).text('IF UNDELIVERED, RETURN TO', x, y);
  y += 10;
  doc.font('bold').fontSize(9).text(label.from.name, x, y, { width: w });
  y = doc.y;
  doc.font('regular').fontSize(8);
  const back = [...partyLines(label.from), `PIN ${label.from.pinCode}   ${formatMobile(label.from.phone)}`];
  doc.text(back.join(', '), x, y, { width: w, height: y0 + LABEL_H - pad - y, ellipsis: true });
}

async function newDoc(title: string, size: LabelSize | 'a4-landscape') {
  const [regular, bold] = await Promise.all([readFile(INVOICE_FONT_FILES.regular), readFile(INVOICE_FONT_FILES.bold)]);
  const doc = new PDFDocument({
    size: size === '4x6' ? [LABEL_W, LABEL_H] : 'A4',
    layout: size === 'a4-landscape' ? 'landscape' : 'portrait',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The labels of one or more parcels, one a page: on 4 × 6 inch pages for a thermal printer, or on A4 with
 * the label in the top left quarter-sheet and a dashed cut line, for an office printer.
 */
export async function renderShippingLabelsPdf(labels: ShippingLabel[], size: LabelSize): Promise<Buffer> {
  const { doc, done } = await newDoc(labels.length === 1 ? `Label ${labels[0]!.awb}` : `${labels.length} shipping labels`, size);
  for (const label of labels) {
    doc.addPage();
    if (size === '4x6') {
      drawLabel(doc, label, 0, 0);
    } else {
      const x0 = 36;
      const y0 = 36;
      drawLabel(doc, label, x0, y0);
      doc
        .save()
        .dash(4, { space: 4 })
        .lineWidth(0.5)
        .rect(x0 - 8, y0 - 8, LABEL_W + 16, LABEL_H + 16)
        .stroke('#777777')
        .undash()
        .restore();
      doc
        .font('regular')
        .fontSize(8)
        .fillColor('#555555')
        .text('Cut along the dashed line and stick the label on the largest side of the box.', x0, y0 + LABEL_H + 14);
      doc.fillColor('#000000');
    }
  }
  doc.end();
  return done;
}

export interface ManifestLine {
  awb: string;
  courierName: string;
  orderNumber: string;
  consignee: string;
  city: string;
  pinCode: string;
  weightGrams: number;
  codAmountPaise: number | null;
}

/**
 * The manifest the seller hands the courier's pickup executive with the parcels (decision 78): the seller,
 * the day, one row a parcel grouped by courier, the count, and lines for both to sign.
 */
export async function renderManifestPdf(manifest: {
  sellerName: string;
  pickupAddress: string;
  day: string;
  lines: ManifestLine[];
}): Promise<Buffer> {
  const { doc, done } = await newDoc(`Manifest ${manifest.day}`, 'a4-landscape');
  const margin = 36;
  const columns = [
    { title: '#', width: 26 },
    { title: 'AWB', width: 130 },
    { title: 'Courier', width: 120 },
    { title: 'Order', width: 110 },
    { title: 'Consignee', width: 150 },
    { title: 'Destination', width: 120 },
    { title: 'Weight', width: 50 },
    { title: 'COD', width: 64 },
  ];
  const lines = [...manifest.lines].sort((a, b) => a.courierName.localeCompare(b.courierName) || a.awb.localeCompare(b.awb));
  let row = 0;
  const header = () => {
    doc.addPage();
    doc.font('bold').fontSize(15).fillColor('#000000').text('Pickup manifest', margin, margin);
    doc
      .font('regular')
      .fontSize(9.5)
      .text(`${manifest.sellerName}, ${manifest.pickupAddress}`, margin, doc.y + 2);
    doc.text(`${manifest.day} · ${lines.length} ${lines.length === 1 ? 'parcel' : 'parcels'}`, margin, doc.y + 1);
    let x = margin;
    const y = doc.y + 10;
    doc.font('bold').fontSize(9);
    for (const c of columns) {
      doc.text(c.title, x, y, { width: c.width - 6 });
      x += c.width;
    }
    doc
      .moveTo(margin, y + 13)
      .lineTo(doc.page.width - margin, y + 13)
      .lineWidth(0.75)
      .stroke('#000000');
    return y + 18;
  };
  let y = header();
  for (const l of lines) {
    if (y > doc.page.height - margin - 90) y = header();
    row += 1;
    const cells = [
      String(row),
      l.awb,
      l.courierName,
      l.orderNumber,
      l.consignee,
      `${l.city} ${l.pinCode}`,
      kg(l.weightGrams),
      l.codAmountPaise === null ? 'Prepaid' : formatPaise(l.codAmountPaise),
    ];
    let x = margin;
    doc.font('regular').fontSize(9);
    columns.forEach((c, i) => {
      doc.text(cells[i]!, x, y, { width: c.width - 6, height: 12, ellipsis: true, lineBreak: false });
      x += c.width;
    });
    y += 16;
  }
  const cod = lines.reduce((n, l) => n + (l.codAmountPaise ?? 0), 0);
  doc
    .font('bold')
    .fontSize(9.5)
    .text(`${lines.length} parcels handed over; cash on delivery to collect ${formatPaise(cod)}.`, margin, y + 8);
  const signY = y + 50;
  doc.font('regular').fontSize(9);
  doc
    .moveTo(margin, signY)
    .lineTo(margin + 220, signY)
    .stroke('#000000');
  doc.text("Seller's signature", margin, signY + 4);
  doc
    .moveTo(margin + 320, signY)
    .lineTo(margin + 560, signY)
    .stroke('#000000');
  doc.text("Pickup executive's name, signature and time", margin + 320, signY + 4);
  doc.end();
  return done;
}
