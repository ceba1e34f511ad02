import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Business } from '~/shared/schemas/business';
import type { OrderDetail } from '~/shared/schemas/orders';
import { newGstin } from '../test/accounts-kit';
import { startTestWorker, until } from '../test/job-worker-kit';
import { useOrdersTestApp } from '../test/orders-kit';
import { pdfText } from '../test/pdf-text';
import { json } from '../test/test-app';
import type { IrpInvoice } from '../modules/einvoices/irp-json';

/**
 * A business's invoice and credit notes registered with the IRP (decision 76): asked for when the
 * document is issued, by each seller that e-invoices, registered by the job through the test IRP;
 * the document is held (409, "being registered") until its IRN comes, then prints the IRN and the
 * signed QR code. A consumer's documents and a seller that does not e-invoice are untouched.
 */
const kit = useOrdersTestApp();
const { rows, db } = kit;
const workers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const BENGALURU_OFFICE = { line1: '4th Floor, Prestige Tech Park', city: 'Bengaluru', state: 'Karnataka', pinCode: '560103' };

/** A product on sale under ₹40,000 whose seller has a GSTIN, and that seller e-invoicing from 1 April 2024. */
async function eInvoicingSellersProduct() {
  const candidates = await kit.productsUnder(40_000_00, 8);
  const withGstin = await rows<{ id: string; gstin: string }>(
    sql`select id, gstin from vendors where gstin is not null and id in (${sql.join(
      candidates.map((c) => sql`${c.vendor_id}`),
      sql`, `,
    )})`,
  );
  const product = candidates.find((c) => withGstin.some((v) => v.id === c.vendor_id))!;
  expect(product, 'a demo product of a seller with a GSTIN').toBeDefined();
  await db().execute(sql`update vendors set e_invoicing_from = '2024-04-01' where id = ${product.vendor_id}`);
  return { product, gstin: withGstin.find((v) => v.id === product.vendor_id)!.gstin };
}

async function businessBuyer() {
  const buyer = await kit.customerWithAddress(kit.BENGALURU, 'Meera Iyer');
  const res = await json(
    kit.t.app,
    'POST',
    '/api/businesses',
    { gstin: newGstin('29'), legalName: 'Nimbus Analytics Private Limited', ...BENGALURU_OFFICE },
    buyer.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...buyer, business: (res.json() as { business: Business }).business };
}

const registrations = (orderId: string) =>
  rows<{ document_type: string; document_number: string; status: string; irn: string | null; payload: IrpInvoice }>(
    sql`select document_type, document_number, status, irn, payload from einvoice_registrations
         where document_ref like ${`${orderId}/%`} order by created_at`,
  );

async function worker() {
  const started = await startTestWorker(kit.t, ['einvoices.register']);
  workers.push(started);
}

const invoicePdf = (cookie: string, orderId: string) => json(kit.t.app, 'GET', `/api/orders/${orderId}/invoice.pdf`, undefined, cookie);

describe('a business’s invoice from a seller that e-invoices', () => {
  it('is held until the IRP registers it, then prints its IRN and signed QR; its credit note the same', async () => {
    const { product, gstin } = await eInvoicingSellersProduct();
    const buyer = await businessBuyer();
    const { order } = await kit.placed(buyer.cookie, {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: buyer.addressId,
      businessId: buyer.business.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    });

    // Asked for in the order's own transaction: the seller's part, INV, its number, the business as buyer.
    const [asked] = await registrations(order.id);
    expect(asked).toMatchObject({ document_type: 'INV', document_number: order.invoice!.number, status: 'pending' });
    const payload = asked!.payload;
    expect(payload.SellerDtls.Gstin).toBe(gstin);
    expect(payload.BuyerDtls).toMatchObject({ Gstin: buyer.business.gstin, LglNm: 'Nimbus Analytics Private Limited', Pos: '29' });
    // The seller's goods only (the delivery charge is the shop's own supply), at the order's own taxes.
    const line = order.items[0]!;
    expect(payload.ValDtls.TotInvVal * 100).toBeCloseTo(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise, 6);
    expect(payload.ValDtls.IgstVal * 100).toBeCloseTo(line.igstPaise, 6);

    const held = await kit.getOrder(buyer.cookie, order.id);
    expect(held.invoice!.eInvoices).toEqual([expect.objectContaining({ supplierGstin: gstin, status: 'pending', irn: null })]);
    const early = await invoicePdf(buyer.cookie, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/being registered with the GST e-invoice portal/);

    await worker();
    const registered = await until(async () => {
      const o = await kit.getOrder(buyer.cookie, order.id);
      return o.invoice!.eInvoices![0]!.status === 'registered' ? o : undefined;
    });
    const mark = registered.invoice!.eInvoices![0]!;
    expect(mark.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(mark.ackNo).toMatch(/^\d{15}$/);
    // The QR carries the IRP's signature over the invoice's facts, which its public key verifies.
    const key = await importJWK(await kit.t.services.testIrp!.publicKey(), 'RS256');
    const { payload: qr } = await jwtVerify(mark.signedQrCode!, key);
    expect(JSON.parse(String(qr.data))).toMatchObject({ SellerGstin: gstin, BuyerGstin: buyer.business.gstin, Irn: mark.irn });

    const pdf = await invoicePdf(buyer.cookie, order.id);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`IRN: ${mark.irn}`);
    expect(text).toContain(`Ack No: ${mark.ackNo}`);
    expect(text).toContain('Tax Invoice (B2B)');

    // Cancelled after the invoice: a credit note (its number 16 characters at most), registered as CRN.
    const cancelled = await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Ordered by mistake' }, buyer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const note = (cancelled.json() as { order: OrderDetail }).order.creditNotes[0]!;
    expect(note.number).toBe(`CN-${order.orderNumber}-1`);
    expect(note.number.length).toBeLessThanOrEqual(16);
    const noteDone = await until(async () => {
      const o = await kit.getOrder(buyer.cookie, order.id);
      return o.creditNotes[0]!.eInvoices?.[0]?.status === 'registered' ? o.creditNotes[0]! : undefined;
    });
    const crn = (await registrations(order.id)).find((r) => r.document_type === 'CRN')!;
    expect(crn).toMatchObject({ document_number: note.number, status: 'registered' });
    const notePdf = await json(kit.t.app, 'GET', `/api/orders/${order.id}/credit-notes/${note.number}`, undefined, buyer.cookie);
    expect(notePdf.statusCode).toBe(200);
    expect(pdfText(notePdf.rawPayload)).toContain(`IRN: ${noteDone.eInvoices![0]!.irn}`);
  });

  it('says plainly while the portal has not answered, and is released once a retry registers it', async () => {
    const { product } = await eInvoicingSellersProduct();
    const buyer = await businessBuyer();
    kit.t.services.testIrp!.failNextRegistrations(1);
    const { order } = await kit.placed(buyer.cookie, {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: buyer.addressId,
      businessId: buyer.business.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    // The job's first try: the portal is busy, the registration is kept failed and the job will try again.
    const [row] = await rows<{ id: string }>(sql`select id from einvoice_registrations where document_ref like ${`${order.id}/%`}`);
    const service = kit.t.services.einvoicesService;
    await expect(service.runRegistration(row!.id)).rejects.toThrow(/try after some time/);
    const failed = await kit.getOrder(buyer.cookie, order.id);
    expect(failed.invoice!.eInvoices![0]).toMatchObject({ status: 'failed', irn: null });
    const res = await invoicePdf(buyer.cookie, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/has not answered yet/);
    // Its next try registers it: then the invoice is released.
    expect(await service.runRegistration(row!.id)).toMatchObject({ registered: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await invoicePdf(buyer.cookie, order.id)).statusCode).toBe(200);
  });
});

describe('documents without e-invoices', () => {
  it('a consumer’s invoice from the same seller, and a business’s from a seller that does not e-invoice, are released at once', async () => {
    const { product } = await eInvoicingSellersProduct();
    const consumer = await kit.customerWithAddress(kit.PUNE);
    const { order } = await kit.placed(consumer.cookie, {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: consumer.addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(order.invoice!.eInvoices).toBeUndefined();
    expect((await invoicePdf(consumer.cookie, order.id)).statusCode).toBe(200);

    await db().execute(sql`update vendors set e_invoicing_from = null where id = ${product.vendor_id}`);
    const buyer = await businessBuyer();
    const bought = await kit.placed(buyer.cookie, {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: buyer.addressId,
      businessId: buyer.business.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(await registrations(bought.order.id)).toEqual([]);
    expect(bought.order.invoice!.eInvoices).toEqual([]);
    expect((await invoicePdf(buyer.cookie, bought.order.id)).statusCode).toBe(200);
  });
});
