import QRCode from 'qrcode';
import type { DocumentEInvoice } from '~/shared/schemas/einvoices';
import { GREY, MARGIN, type Doc } from './pdf-layout';

/** What an e-invoice registration gives the invoice or credit note to print (decision 76). */
export interface EInvoiceRegistered {
  irn: string;
  ackNo: string;
  /** ISO date and time of the acknowledgement. */
  ackDate: string;
  /** The IRP's signed QR payload (a JWS): what the QR code carries, verifiable with the IRP's public key. */
  signedQrCode: string;
}

/** The IRN block of a document, made ready before drawing (pdfkit draws synchronously). */
export interface EInvoiceMark {
  /** The signed QR code as a PNG. */
  qrPng: Buffer;
  /** "IRN: …", "Ack No: …", "Ack Date: …", as printed beside the QR code. */
  lines: string[];
  /** The block's heading: "E-invoice", or whose it is when the document has several sellers. */
  title?: string;
}

const ackDateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
});

/** The lines printed beside the QR code: the IRN, the acknowledgement number and its date in India's time. */
export function eInvoiceLines(registered: EInvoiceRegistered): string[] {
  return [`IRN: ${registered.irn}`, `Ack No: ${registered.ackNo}`, `Ack Date: ${ackDateFormat.format(new Date(registered.ackDate))}`];
}

/**
 * The signed QR code as a PNG: the JWS is long (about a kilobyte), so the code is drawn at error
 * correction M, which holds it and still scans from a printed A4 page.
 */
export async function signedQrPng(signedQrCode: string, widthPx = 300): Promise<Buffer> {
  return QRCode.toBuffer(signedQrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: widthPx });
}

/** The QR code and the lines of a registered e-invoice, for `drawEInvoiceMark`. */
export async function prepareEInvoiceMark(registered: EInvoiceRegistered): Promise<EInvoiceMark> {
  return { qrPng: await signedQrPng(registered.signedQrCode), lines: eInvoiceLines(registered) };
}

/**
 * Draws the signed QR code at (x, y), `size` points square, with the IRN lines to its left within
 * `textWidth`; returns the y below the block. The B2B invoice and credit note place it under their
 * heading (where the law asks the IRN and QR to be seen).
 */
export function drawEInvoiceMark(doc: Doc, mark: EInvoiceMark, at: { x: number; y: number; size?: number; textWidth?: number }): number {
  const size = at.size ?? 96;
  const textWidth = at.textWidth ?? 320;
  doc.image(mark.qrPng, at.x + textWidth + 8, at.y, { width: size, height: size });
  doc
    .font('bold')
    .fontSize(8)
    .fillColor('black')
    .text(mark.title ?? 'E-invoice', at.x, at.y, { width: textWidth });
  doc.font('regular').fontSize(7.5).fillColor(GREY);
  for (const line of mark.lines) doc.text(line, at.x, doc.y + 2, { width: textWidth });
  doc.fillColor('black');
  return Math.max(doc.y, at.y + size) + 6;
}

/**
 * The marks of a document's registered e-invoices, one per seller (decision 76), made ready before
 * drawing; a document with one seller's says "E-invoice", with several each names its seller. Only
 * registered ones: a document held for its IRN is not drawn at all (the routes refuse it first).
 */
export async function prepareDocumentMarks(eInvoices: readonly DocumentEInvoice[] | undefined): Promise<EInvoiceMark[]> {
  const registered = (eInvoices ?? []).flatMap(({ status, irn, ackNo, ackDate, signedQrCode, sellerName }) =>
    status === 'registered' && irn && ackNo && ackDate && signedQrCode ? [{ irn, ackNo, ackDate, signedQrCode, sellerName }] : [],
  );
  return Promise.all(
    registered.map(async (e) => ({
      ...(await prepareEInvoiceMark(e)),
      title: registered.length > 1 ? `E-invoice of ${e.sellerName}` : 'E-invoice',
    })),
  );
}

/** Draws a document's e-invoice marks one under the other from `y`, full width; returns the y below them. */
export function drawDocumentMarks(doc: Doc, marks: readonly EInvoiceMark[], y: number): number {
  for (const mark of marks) y = drawEInvoiceMark(doc, mark, { x: MARGIN, y, size: 84, textWidth: doc.page.width - 2 * MARGIN - 92 });
  return y;
}
