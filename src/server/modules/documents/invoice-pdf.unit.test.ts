import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SHOP } from '~/shared/constants';
import { priceOrder } from '~/shared/pricing';
import type { OrderDetail, OrderItem } from '~/shared/schemas/orders';
import { amountInWords, numberInIndianWords } from '~/shared/amount-in-words';
import { pdfText } from '../../test/pdf-text';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderInvoicePdf } from './invoice-pdf';
import { INVOICE_FONT_FILES, type InvoiceShop } from './pdf-layout';

const shop: InvoiceShop = {
  name: SHOP.name,
  address: [...SHOP.stores[0].lines, SHOP.stores[0].cityLine].join('\n'),
  gstin: SHOP.gstin,
  email: SHOP.supportEmail,
  phone: SHOP.phone,
};

interface SampleLine {
  name: string;
  category: 'Laptop' | 'Desktop' | 'Monitor';
  unitPricePaise: number;
  quantity: number;
  seller: { name: string; state: string; gstin: string | null };
}

const PUNE_SELLER = { name: 'Pune Tech Hub', state: 'Maharashtra', gstin: '27AABCP1234C1Z0' };
const BENGALURU_SELLER = { name: 'Koramangala Laptop House', state: 'Karnataka', gstin: '29AAFCK5521M1ZQ' };

/** An order delivered to Bengaluru, priced by the shop's own rules, with a coupon. */
function sampleOrder(lines: SampleLine[], couponCode: string | null = 'WELCOME10'): OrderDetail {
  const address = {
    fullName: 'Ananya Reddy',
    mobile: '+919845012345',
    line1: '14, 2nd Cross, 5th Block',
    line2: 'Koramangala',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560095',
  };
  const coupon = couponCode
    ? { code: couponCode, kind: 'percent' as const, value: 10, minOrderPaise: 5_000_00, maxDiscountPaise: 2_000_00 }
    : null;
  const priced = priceOrder({
    lines: lines.map((l) => ({
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      category: l.category,
      sellerState: l.seller.state,
    })),
    deliveryState: address.state,
    delivery: 'standard',
    coupon,
  });
  const items: OrderItem[] = lines.map((l, i) => ({
    id: `oit_${i}`,
    cancelledQuantity: 0,
    productId: `prd_${i}`,
    name: l.name,
    brand: l.name.split(' ')[0]!,
    category: l.category,
    hsnCode: l.category === 'Monitor' ? '85285200' : '84713010',
    image: null,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    mrpPaise: l.unitPricePaise + 5_000_00,
    sellerName: l.seller.name,
    sellerState: l.seller.state,
    sellerGstin: l.seller.gstin,
    ...priced.lines[i]!,
  }));
  const { lines: _lines, intraState, ...totals } = priced;
  return {
    id: 'ord_sample',
    orderNumber: 'SC-100042',
    orderDate: '2026-03-10T09:15:00.000Z',
    status: 'delivered',
    paymentMethod: 'upi',
    emiTenureMonths: null,
    business: null,
    deliveryOption: 'standard',
    address,
    customer: { name: 'Ananya Reddy', email: 'ananya.reddy@example.in' },
    items,
    totals,
    intraState,
    couponCode,
    expectedFrom: '2026-03-12',
    expectedBy: '2026-03-14',
    paymentDueAt: null,
    payment: {
      provider: 'test-gateway',
      method: 'upi',
      status: 'captured',
      amountPaise: totals.totalPaise,
      amountRefundedPaise: 0,
      paidWith: 'upi',
      providerPaymentId: 'pay_Q7hT2mXk9LpA3c',
      errorDescription: null,
      capturedAt: '2026-03-10T09:16:30.000Z',
      attempts: 1,
    },
    refunds: [],
    shipments: [],
    packings: [],
    timeline: [],
    cancelReason: null,
    returnReason: null,
    returnPhotos: [],
    returnPhotosRemoved: false,
    deliveredAt: '2026-03-13T12:00:00.000Z',
    actions: { canPay: false, canCancel: false, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    invoice: { number: 'INV-SC-100042', date: '2026-03-10T09:16:30.000Z' },
    creditNotes: [],
    refundAccount: null,
    refundAccountRemoved: false,
  };
}

const TWO_SELLERS: SampleLine[] = [
  {
    name: 'Lenovo IdeaPad Slim 5 Gen 9 (Intel Core Ultra 5 125H, 16 GB LPDDR5x, 512 GB SSD, 14" WUXGA OLED, Windows 11 Home, Office Home 2024)',
    category: 'Laptop',
    unitPricePaise: 72_990_00,
    quantity: 1,
    seller: PUNE_SELLER,
  },
  { name: 'Dell S2725QS 27" 4K UHD IPS Monitor', category: 'Monitor', unitPricePaise: 27_499_00, quantity: 2, seller: BENGALURU_SELLER },
];

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('amountInWords', () => {
  it('writes rupees and paise the Indian way, in lakh and crore', () => {
    expect(amountInWords(12_345_650)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only');
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(amountInWords(12_34_56_789_05)).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    );
    expect(amountInWords(199_00)).toBe('Rupees One Hundred Ninety-Nine Only');
    expect(amountInWords(40)).toBe('Forty Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });

  it('counts more than 99 crore in words too', () => {
    expect(numberInIndianWords(1_50_00_00_000)).toBe('One Hundred Fifty Crore');
    expect(numberInIndianWords(10_011)).toBe('Ten Thousand Eleven');
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });
});

describe('renderInvoicePdf', () => {
  it('bundles a font with the rupee sign', () => {
    const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
      openSync(path: string): { hasGlyphForCodePoint(codePoint: number): boolean };
    };
    for (const file of Object.values(INVOICE_FONT_FILES)) expect(fontkit.openSync(file).hasGlyphForCodePoint(0x20b9), file).toBe(true);
  });

  it('writes a one-page A4 tax invoice with both tax kinds, sellers, totals and the amount in words', async () => {
    const order = sampleOrder(TWO_SELLERS);
    const pdf = await renderInvoicePdf(order, shop, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');

    const text = pdfText(pdf);
    for (const expected of [
      'Tax Invoice',
      SHOP.name,
      `GSTIN: ${SHOP.gstin}`,
      'INV-SC-100042',
      'SC-100042',
      '10 Mar 2026',
      'Karnataka',
      'Bill to'.toUpperCase(),
      'Ananya Reddy',
      '84713010',
      '85285200',
      'IGST',
      'CGST',
      'Pune Tech Hub',
      'GSTIN 29AAFCK5521M1ZQ',
      'WELCOME10',
      '₹1,27,988.00',
      '₹1,25,988.00',
      amountInWords(order.totals.totalPaise),
      'UPI: Paid',
      'This is a computer-generated invoice.',
      'Page 1 of 1',
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    // The Pune seller ships to Karnataka (IGST); the Bengaluru seller within Karnataka (CGST + SGST).
    expect(order.totals.igstPaise).toBeGreaterThan(0);
    expect(order.totals.cgstPaise).toBeGreaterThan(0);
    expect(text).toContain(`IGST ${'₹'}`);
  });

  it('continues the table on further pages when there are many lines', async () => {
    const many: SampleLine[] = Array.from({ length: 60 }, (_, i) => ({
      ...TWO_SELLERS[i % 2]!,
      name: `${TWO_SELLERS[i % 2]!.name} #${i + 1}`,
    }));
    const pdf = await renderInvoicePdf(sampleOrder(many), shop, { compress: false });
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = pdfText(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('(continued)');
    expect(text).toContain('#60');
    expect(text.match(/This is a computer-generated invoice\./g)).toHaveLength(pages);
  });

  it('prints each e-invoicing seller’s IRN, acknowledgement and signed QR code under the heading of a B2B invoice', async () => {
    const order = sampleOrder(TWO_SELLERS, null);
    const registered = (seller: typeof PUNE_SELLER, irn: string) => ({
      sellerName: seller.name,
      supplierGstin: seller.gstin,
      status: 'registered' as const,
      irn,
      ackNo: '262012345678901',
      ackDate: '2026-12-07T04:50:00.000Z',
      signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(700)}.${'y'.repeat(342)}`,
    });
    const irnA = 'a'.repeat(64);
    const irnB = 'b'.repeat(64);
    const b2b: OrderDetail = {
      ...order,
      invoice: { ...order.invoice!, eInvoices: [registered(PUNE_SELLER, irnA), registered(BENGALURU_SELLER, irnB)] },
    };
    const pdf = await renderInvoicePdf(b2b, shop, { compress: false });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(`E-invoice of Pune Tech Hub IRN: ${irnA}`);
    expect(text).toContain(`E-invoice of Koramangala Laptop House IRN: ${irnB}`);
    expect(text).toContain('Ack Date: 07 Dec 2026, 10:20');
    expect(pageCount(pdf)).toBe(1);

    // One seller's: headed "E-invoice"; a registration not yet registered prints nothing.
    const one = await renderInvoicePdf(
      {
        ...order,
        invoice: {
          ...order.invoice!,
          eInvoices: [registered(PUNE_SELLER, irnA), { ...registered(BENGALURU_SELLER, irnB), status: 'pending', irn: null }],
        },
      },
      shop,
      { compress: false },
    );
    const oneText = pdfText(one).replace(/\s+/g, ' ');
    expect(oneText).toContain(`E-invoice IRN: ${irnA}`);
    expect(oneText).not.toContain(irnB);
    // A QR code is a picture (with its transparency mask): two sellers' are twice one's, none without.
    const pictures = (file: Buffer) => (file.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
    expect(pictures(one)).toBeGreaterThan(0);
    expect(pictures(pdf)).toBe(2 * pictures(one));
    expect(pictures(await renderInvoicePdf(order, shop, { compress: false }))).toBe(0);
  });

  it('compresses by default and refuses an order without an invoice', async () => {
    const order = sampleOrder(TWO_SELLERS, null);
    const compressed = await renderInvoicePdf(order, shop);
    const plain = await renderInvoicePdf(order, shop, { compress: false });
    expect(compressed.length).toBeLessThan(plain.length);
    expect(compressed.length).toBeLessThan(200_000);
    await expect(renderInvoicePdf({ ...order, invoice: null }, shop)).rejects.toThrow(/no invoice/);
  });
});

describe('renderCreditNotePdf', () => {
  it('writes a credit note against the invoice with the credited units, their GST, the total in words and the reason', async () => {
    const order = sampleOrder(TWO_SELLERS);
    const monitor = order.items[1]!;
    const amountPaise = Math.round((monitor.lineTotalPaise - monitor.discountPaise) / 2);
    const taxablePaise = Math.round(monitor.taxablePaise / 2);
    const gst = amountPaise - taxablePaise;
    const note = {
      number: 'INV-SC-100042-CN1',
      date: '2026-03-11T10:00:00.000Z',
      reason: 'Items cancelled by Bengaluru Displays: one unit is scratched',
      lines: [
        {
          itemId: monitor.id,
          name: monitor.name,
          hsnCode: monitor.hsnCode,
          quantity: 1,
          gstRateBp: monitor.gstRateBp,
          taxablePaise,
          cgstPaise: Math.floor(gst / 2),
          sgstPaise: gst - Math.floor(gst / 2),
          igstPaise: 0,
          amountPaise,
        },
      ],
      shippingPaise: 0,
      taxablePaise,
      gstPaise: gst,
      totalPaise: amountPaise,
    };
    const pdf = await renderCreditNotePdf({ ...order, creditNotes: [note] }, note, shop, { compress: false });
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const expected of [
      'Credit Note',
      'INV-SC-100042-CN1',
      'Against invoice',
      'INV-SC-100042',
      '11 Mar 2026',
      '85285200',
      'Total credited',
      amountInWords(amountPaise),
      'one unit is scratched',
      'This is a computer-generated credit note.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Only the credited seller's line is on it.
    expect(text).not.toContain('IdeaPad');
    await expect(renderCreditNotePdf({ ...order, invoice: null }, note, shop)).rejects.toThrow(/no invoice/);
  });
});
