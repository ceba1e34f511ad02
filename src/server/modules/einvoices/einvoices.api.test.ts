import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceRegistration, EInvoicesResponse } from '~/shared/schemas/einvoices';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
import { BENGALURU_BUYER, documentNumber, laptopInput, PUNE_SUPPLIER } from '../../test/einvoice-kit';
import { startTestWorker, until } from '../../test/job-worker-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';
import type { EInvoiceInput } from './einvoice-input';
import { computeIrn } from './irn';
import { buildIrpInvoice } from './irp-json';
import { IrpRefusal } from './provider';
import { createTestIrp } from './test-irp/test-irp';

let t: TestApp;
let adminCookie: string;
let sellerA: { cookie: string; vendorId: string };
let sellerB: { cookie: string; vendorId: string };
const workers: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await signInAdmin(t)).cookie;
  sellerA = await signUpVendor(t, 'Pune Tech Hub');
  sellerB = await signUpVendor(t, 'Nashik Notebooks');
}, 60_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(() => t.close());

const db = () => t.services.database.db;

/** Asks for a document's registration as the B2B invoice's flow will, in its own transaction. */
const request = (input: EInvoiceInput, vendorId: string | null = sellerA.vendorId) =>
  db().transaction((tx) => t.services.einvoicesService.request(tx, { input, vendorId, documentRef: `ord_${input.document.number}` }));

async function worker() {
  const started = await startTestWorker(t, ['einvoices.register']);
  workers.push(started);
  return started;
}

const adminGet = async (id: string) => {
  const res = await json(t.app, 'GET', `/api/admin/e-invoices/${id}`, undefined, adminCookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().einvoice as EInvoiceRegistration;
};

const HOUR = 3_600_000;

describe('the built-in test IRP', () => {
  let clock = new Date('2026-12-07T05:00:00Z');
  const irp = () => createTestIrp({ db: db(), now: () => clock });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IrpRefusal);
    return error as IrpRefusal;
  };

  it('registers an e-invoice: the IRN as the IRP makes it, an acknowledgement, and signatures its public key verifies', async () => {
    const testIrp = irp();
    const input = laptopInput();
    const registered = await testIrp.provider.register(buildIrpInvoice(input));
    expect(registered.irn).toBe(
      computeIrn({
        supplierGstin: PUNE_SUPPLIER.gstin,
        documentType: 'INV',
        documentNumber: input.document.number,
        documentDate: '2026-12-07',
      }),
    );
    expect(registered.ackNo).toMatch(/^26\d{13}$/);
    expect(registered.ackDate).toEqual(clock);
    expect(registered.status).toBe('ACT');

    // Anyone with the portal's public key verifies both signatures; a tampered one fails.
    const key = await importJWK(await testIrp.publicKey(), 'RS256');
    const invoice = await jwtVerify(registered.signedInvoice, key, { issuer: 'NIC' });
    expect(JSON.parse(invoice.payload.data as string)).toMatchObject({
      Irn: registered.irn,
      AckNo: registered.ackNo,
      DocDtls: { No: input.document.number },
    });
    const qr = await jwtVerify(registered.signedQrCode, key);
    expect(JSON.parse(qr.payload.data as string)).toEqual({
      SellerGstin: PUNE_SUPPLIER.gstin,
      BuyerGstin: BENGALURU_BUYER.gstin,
      DocNo: input.document.number,
      DocTyp: 'INV',
      DocDt: '07/12/2026',
      TotInvVal: 404999,
      ItemCnt: 2,
      MainHsnCode: '84713010',
      Irn: registered.irn,
      IrnDt: '2026-12-07 10:30:00',
    });
    const [head, body, signature] = registered.signedQrCode.split('.');
    await expect(jwtVerify(`${head}.${body}x.${signature}`, key)).rejects.toThrow();

    // Another process of the shop signs with the same key (it is kept in the test IRP's table).
    expect(await irp().publicKey()).toEqual(await testIrp.publicKey());
    expect(await testIrp.provider.getByIrn({ supplierGstin: PUNE_SUPPLIER.gstin, irn: registered.irn })).toEqual(registered);
  });

  it('answers a document registered before with 2150 duplicate IRN, and the registration it has', async () => {
    const testIrp = irp();
    const json = buildIrpInvoice(laptopInput());
    const first = await testIrp.provider.register(json);
    // The portal takes document numbers without regard to case.
    const again = await refusal(testIrp.provider.register({ ...json, DocDtls: { ...json.DocDtls, No: json.DocDtls.No.toLowerCase() } }));
    expect(again.code).toBe('2150');
    expect(again.message).toBe('Duplicate IRN');
    expect(again.options.existing?.irn).toBe(first.irn);
  });

  it('refuses an invalid GSTIN with 3028 and a JSON off the schema with 2140, naming each problem', async () => {
    const testIrp = irp();
    const wrongGstin = laptopInput();
    wrongGstin.buyer = {
      ...wrongGstin.buyer,
      gstin: `${BENGALURU_BUYER.gstin.slice(0, 14)}${BENGALURU_BUYER.gstin.endsWith('A') ? 'B' : 'A'}`,
    };
    const gstin = await refusal(testIrp.provider.register(buildIrpInvoice(wrongGstin)));
    expect(gstin.code).toBe('3028');
    expect(gstin.message).toMatch(/GSTIN .* is invalid/);
    expect(gstin.retryable).toBe(false);

    const offSchema = laptopInput();
    offSchema.items[0] = { ...offSchema.items[0]!, hsn: '12' };
    const schema = await refusal(testIrp.provider.register(buildIrpInvoice(offSchema)));
    expect(schema.code).toBe('2140');
    expect(schema.problems.map((p) => p.path)).toEqual(['/ItemList/0/HsnCd']);
  });

  it('cancels an IRN within 24 hours, not twice, and refuses after 24 hours with 2270', async () => {
    clock = new Date('2026-12-07T05:00:00Z');
    const testIrp = irp();
    const early = await testIrp.provider.register(buildIrpInvoice(laptopInput()));
    const late = await testIrp.provider.register(buildIrpInvoice(laptopInput()));
    const cancel = (irn: string, supplierGstin = PUNE_SUPPLIER.gstin) =>
      testIrp.provider.cancel({ supplierGstin, irn, reason: '2', remark: 'Wrong buyer address' });

    clock = new Date(clock.getTime() + 23 * HOUR);
    expect(await cancel(early.irn)).toEqual({ irn: early.irn, cancelledAt: clock });
    expect((await testIrp.provider.getByIrn({ supplierGstin: PUNE_SUPPLIER.gstin, irn: early.irn }))?.status).toBe('CNL');
    expect((await refusal(cancel(early.irn))).code).toBe('9999');

    clock = new Date(clock.getTime() + 2 * HOUR);
    const tooLate = await refusal(cancel(late.irn));
    expect(tooLate.code).toBe('2270');
    expect(tooLate.message).toMatch(/cancellation time limit is crossed/);
    expect((await refusal(cancel(late.irn, BENGALURU_BUYER.gstin))).code).toBe('2143');
    expect((await refusal(cancel('f'.repeat(64)))).code).toBe('2148');
  });
});

describe('registering through the background job', () => {
  it('registers a requested e-invoice and shows its IRN and acknowledgement to the admin', async () => {
    const asked = await request(laptopInput());
    expect(asked).toMatchObject({ status: 'pending', attempts: 0, irn: null, totalPaise: 404999_00, buyerName: BENGALURU_BUYER.legalName });
    await worker();
    const done = await until(async () => {
      const row = await adminGet(asked.id);
      return row.status === 'registered' ? row : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, lastError: null });
    expect(done.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(done.ackNo).toMatch(/^\d{15}$/);
    expect(done.signedQrCode!.split('.')).toHaveLength(3);
    expect(new Date(done.cancellableUntil!).getTime() - new Date(done.ackDate!).getTime()).toBe(24 * HOUR);
    expect(await t.services.einvoicesService.ofDocument('INV', asked.documentRef)).toMatchObject({ id: asked.id, irn: done.irn });

    // Asking again for the same document gives its registration, not a second one.
    const again = await db().transaction((tx) =>
      t.services.einvoicesService.request(tx, {
        input: laptopInput({ number: asked.documentNumber }),
        vendorId: sellerA.vendorId,
        documentRef: 'other',
      }),
    );
    expect(again.id).toBe(asked.id);
  });

  it('keeps the failure of a busy portal, shows it, and succeeds on the retry after backing off', async () => {
    t.services.testIrp!.failNextRegistrations(1);
    const asked = await request(laptopInput());
    await worker();
    const failed = await until(async () => {
      const row = await adminGet(asked.id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, lastErrorCode: '2146', lastError: 'Unable to create IRN, Pls. try after some time' });
    const list = (await json(t.app, 'GET', '/api/admin/e-invoices?status=failed', undefined, adminCookie)).json() as EInvoicesResponse;
    expect(list.items.map((i) => i.id)).toContain(asked.id);

    // graphile-worker tries again after about e¹ seconds.
    const registered = await until(async () => {
      const row = await adminGet(asked.id);
      return row.status === 'registered' ? row : undefined;
    }, 15_000);
    expect(registered).toMatchObject({ attempts: 2, lastErrorCode: null, lastError: null });
  }, 30_000);

  it('stops at a refusal a retry cannot mend, and the admin’s Retry says why', async () => {
    const input = laptopInput();
    input.buyer = { ...input.buyer, gstin: input.supplier.gstin };
    const asked = await request(input);
    // The shop checks the portal's rules first: the registration is failed at once, no job queued.
    expect(asked).toMatchObject({ status: 'failed', attempts: 0, lastErrorCode: '2265' });
    const retry = await json(t.app, 'POST', `/api/admin/e-invoices/${asked.id}/retry`, undefined, adminCookie);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.message).toMatch(/a retry would fail again: Recipient GSTIN cannot be the same/);
  });

  it('lets the admin retry a failed registration: it is queued again and registers', async () => {
    t.services.testIrp!.failNextRegistrations(1);
    const asked = await request(laptopInput());
    // One try by hand, as the job makes it: the portal is busy.
    await expect(t.services.einvoicesService.runRegistration(asked.id)).rejects.toThrow(/Unable to create IRN/);
    expect(await adminGet(asked.id)).toMatchObject({ status: 'failed', attempts: 1 });

    const retry = await json(t.app, 'POST', `/api/admin/e-invoices/${asked.id}/retry`, undefined, adminCookie);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().einvoice.status).toBe('pending');
    await worker();
    await until(async () => (await adminGet(asked.id)).status === 'registered');
    const again = await json(t.app, 'POST', `/api/admin/e-invoices/${asked.id}/retry`, undefined, adminCookie);
    expect(again.statusCode).toBe(409);
    const audit = await db().execute<{ summary: string }>(
      sql`select summary from audit_log where action = 'einvoice.retry' and entity_id = ${asked.id}`,
    );
    expect(audit.rows[0]?.summary).toMatch(/Retried the e-invoice of INV .* after 1 try/);
  });

  it('keeps a JSON off the schema failed with the schema’s errors, without asking the portal', async () => {
    const input = laptopInput();
    input.items[0] = { ...input.items[0]!, hsn: 'ABCD' };
    const asked = await request(input);
    expect(asked).toMatchObject({ status: 'failed', attempts: 0, lastErrorCode: '2140' });
    expect(asked.lastError).toMatch(/\/ItemList\/0\/HsnCd/);
  });
});

describe('cancelling an e-invoice', () => {
  async function registered(vendorId = sellerA.vendorId) {
    const asked = await request(laptopInput(), vendorId);
    await t.services.einvoicesService.runRegistration(asked.id);
    return adminGet(asked.id);
  }

  it('cancels within 24 hours with the reason, and refuses a second time', async () => {
    const reg = await registered();
    const res = await json(
      t.app,
      'POST',
      `/api/admin/e-invoices/${reg.id}/cancel`,
      { reason: '3', remark: 'Order cancelled by the buyer' },
      adminCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().einvoice).toMatchObject({
      status: 'cancelled',
      cancelReason: '3',
      cancelRemark: 'Order cancelled by the buyer',
      cancellableUntil: null,
    });
    const again = await json(t.app, 'POST', `/api/admin/e-invoices/${reg.id}/cancel`, { reason: '3', remark: 'Again' }, adminCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/only a registered one can be cancelled/);
  });

  it('refuses after 24 hours, and says to issue a credit note', async () => {
    const reg = await registered();
    await db().execute(sql`update einvoice_registrations set ack_date = now() - interval '25 hours' where id = ${reg.id}`);
    const res = await json(t.app, 'POST', `/api/admin/e-invoices/${reg.id}/cancel`, { reason: '2', remark: 'Wrong rate' }, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/within 24 hours .* credit note/);
    expect((await adminGet(reg.id)).status).toBe('registered');
  });

  it('asks for a reason and a remark of the portal’s length', async () => {
    const reg = await registered();
    const res = await json(t.app, 'POST', `/api/admin/e-invoices/${reg.id}/cancel`, { reason: '7', remark: 'x'.repeat(101) }, adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ reason: expect.any(String), remark: 'The remark must be at most 100 characters' });
  });
});

describe("a seller's e-invoices", () => {
  it('are its own: another seller’s registration is a 404 to read, retry or cancel', async () => {
    const asked = await request(laptopInput({ number: documentNumber('NSK/26') }), sellerA.vendorId);
    await t.services.einvoicesService.runRegistration(asked.id);

    const mine = await json(t.app, 'GET', `/api/vendor/e-invoices/${asked.id}`, undefined, sellerA.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().einvoice).toMatchObject({ id: asked.id, status: 'registered' });
    const myList = (await json(t.app, 'GET', '/api/vendor/e-invoices', undefined, sellerA.cookie)).json() as EInvoicesResponse;
    expect(myList.items.map((i) => i.id)).toContain(asked.id);
    expect(myList.items.every((i) => i.vendorId === sellerA.vendorId)).toBe(true);

    for (const [method, url, body] of [
      ['GET', `/api/vendor/e-invoices/${asked.id}`, undefined],
      ['POST', `/api/vendor/e-invoices/${asked.id}/retry`, undefined],
      ['POST', `/api/vendor/e-invoices/${asked.id}/cancel`, { reason: '4', remark: 'Not mine to cancel' }],
    ] as const) {
      const res = await json(t.app, method, url, body, sellerB.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const theirList = (await json(t.app, 'GET', '/api/vendor/e-invoices', undefined, sellerB.cookie)).json() as EInvoicesResponse;
    expect(theirList.items.map((i) => i.id)).not.toContain(asked.id);
    expect((await adminGet(asked.id)).status).toBe('registered');

    // Its own seller cancels it.
    const cancel = await json(
      t.app,
      'POST',
      `/api/vendor/e-invoices/${asked.id}/cancel`,
      { reason: '1', remark: 'Raised twice' },
      sellerA.cookie,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().einvoice.status).toBe('cancelled');
  });
});

describe('whether an IRN is required', () => {
  it('follows the date a seller records in its profile', async () => {
    const service = t.services.einvoicesService;
    const get = await json(t.app, 'GET', '/api/vendor/profile/e-invoicing', undefined, sellerB.cookie);
    expect(get.json()).toEqual({ eInvoicingFrom: null });
    expect(await service.required(sellerB.vendorId, '2026-12-07')).toBe(false);

    const put = await json(t.app, 'PUT', '/api/vendor/profile/e-invoicing', { eInvoicingFrom: '2026-12-01' }, sellerB.cookie);
    expect(put.statusCode, put.body).toBe(200);
    expect((await json(t.app, 'GET', '/api/vendor/profile/e-invoicing', undefined, sellerB.cookie)).json()).toEqual({
      eInvoicingFrom: '2026-12-01',
    });
    expect(await service.required(sellerB.vendorId, '2026-11-30')).toBe(false);
    expect(await service.required(sellerB.vendorId, '2026-12-01')).toBe(true);
    expect(await service.required(sellerA.vendorId, '2026-12-01')).toBe(false);

    const bad = await json(t.app, 'PUT', '/api/vendor/profile/e-invoicing', { eInvoicingFrom: '2022-01-01' }, sellerB.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.eInvoicingFrom).toMatch(/1 August 2023/);

    await json(t.app, 'PUT', '/api/vendor/profile/e-invoicing', { eInvoicingFrom: null }, sellerB.cookie);
    expect(await service.required(sellerB.vendorId, '2026-12-07')).toBe(false);
  });

  it("follows the date of the shop's settings for its own store", async () => {
    const service = t.services.einvoicesService;
    expect(await service.required(null, '2026-12-07')).toBe(false);
    const current = (await json(t.app, 'GET', '/api/admin/settings', undefined, adminCookie)).json();
    const saved = await json(
      t.app,
      'PUT',
      '/api/admin/settings',
      { settings: { ...current.settings, eInvoicingFrom: '2025-04-01' }, version: current.version },
      adminCookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.eInvoicingFrom).toBe('2025-04-01');
    await until(async () => (await service.required(null, '2026-12-07')) || undefined, 5_000);
    expect(await service.required(null, '2025-03-31')).toBe(false);
  });
});
