import QRCode from 'qrcode';
import { GREY, type Doc } from './pdf-layout';

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
  doc.font('bold').fontSize(8).fillColor('black').text('E-invoice', at.x, at.y, { width: textWidth });
  doc.font('regular').fontSize(7.5).fillColor(GREY);
  for (const line of mark.lines) doc.text(line, at.x, doc.y + 2, { width: textWidth });
  doc.fillColor('black');
  return Math.max(doc.y, at.y + size) + 6;
}
