import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { drawEInvoiceMark, eInvoiceLines, prepareEInvoiceMark, signedQrPng } from './e-invoice-mark';
import { renderDocument } from './pdf-layout';

const registered = {
  irn: 'a'.repeat(40) + 'b'.repeat(24),
  ackNo: '262012345678901',
  ackDate: '2026-12-07T04:50:00.000Z',
  // A JWS is about a kilobyte: the QR code must hold one.
  signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(700)}.${'y'.repeat(342)}`,
};

describe('the e-invoice block of an invoice', () => {
  it('gives the IRN, acknowledgement number and date in India’s time', () => {
    expect(eInvoiceLines(registered)).toEqual([`IRN: ${registered.irn}`, 'Ack No: 262012345678901', 'Ack Date: 07 Dec 2026, 10:20']);
  });

  it('draws the signed QR code as a PNG', async () => {
    const png = await signedQrPng(registered.signedQrCode);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(300);
  });

  it('prints the QR code and the IRN lines on a PDF page', async () => {
    const mark = await prepareEInvoiceMark(registered);
    let below = 0;
    const pdf = await renderDocument(
      { title: 'Tax invoice', author: 'Test', subject: 'B2B', date: registered.ackDate },
      { compress: false },
      (doc) => {
        doc.font('regular');
        below = drawEInvoiceMark(doc, mark, { x: 40, y: 100 });
      },
    );
    expect(below).toBeGreaterThanOrEqual(100 + 96);
    const text = pdfText(pdf);
    expect(text).toContain('Ack No: 262012345678901');
    expect(text).toContain('IRN:');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });
});
