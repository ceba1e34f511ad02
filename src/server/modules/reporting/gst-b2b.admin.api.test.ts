import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Business } from '~/shared/schemas/business';
import type { OrderDetail, QuoteResponse } from '~/shared/schemas/orders';
import type { GstSalesReport } from '~/shared/schemas/reports';
import { newGstin, signInAdmin, signInDemo } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { json } from '../../test/test-app';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';

/**
 * Business buyers (decision 71): a customer keeps businesses with a checked GSTIN; an order bought for
 * one is taxed by its GSTIN's state, carries a B2B tax invoice, and GSTR-1 lists it in table 4A (its
 * credit notes in 9B, CDNR) instead of B2C, every figure reconciling to the paise with the orders.
 */
const kit = useOrdersTestApp();
const indiaMonth = (d = new Date()) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 7);
const TAXES = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

const BENGALURU_OFFICE = { line1: '4th Floor, Prestige Tech Park', city: 'Bengaluru', state: 'Karnataka', pinCode: '560103' };
const PUNE_OFFICE = { line1: 'Office 501, Business Bay', line2: 'Yerawada', city: 'Pune', state: 'Maharashtra', pinCode: '411006' };

async function addBusiness(cookie: string, body: object) {
  return json(kit.t.app, 'POST', '/api/businesses', body, cookie);
}
async function business(cookie: string, body: object): Promise<Business> {
  const res = await addBusiness(cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { business: Business }).business;
}
/** A wrong check character: the last one of a valid GSTIN changed. */
const wrongCheck = (gstin: string) => gstin.slice(0, 14) + (gstin.endsWith('A') ? 'B' : 'A');

describe('a customer’s businesses', () => {
  it('are refused with a field error for a wrong GSTIN, a GSTIN of another state and a PIN code outside it; kept once per GSTIN', async () => {
    const { cookie } = await kit.customerWithAddress(kit.PUNE);
    const gstin = newGstin('29');
    const bad = await addBusiness(cookie, { gstin: wrongCheck(gstin), legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.gstin).toMatch(/last character does not match/);
    const format = await addBusiness(cookie, { gstin: '29ABC', legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE });
    expect(format.json().error.fields.gstin).toMatch(/15 characters/);
    const elsewhere = await addBusiness(cookie, { gstin, legalName: 'Nimbus Analytics Pvt Ltd', ...PUNE_OFFICE });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields.state).toMatch(/registered in another state: a Maharashtra GSTIN starts with 27/);
    const pin = await addBusiness(cookie, { gstin, legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE, pinCode: '411006' });
    expect(pin.json().error.fields.pinCode).toMatch(/PIN codes in Karnataka start with 5/);

    const made = await business(cookie, { gstin: gstin.toLowerCase(), legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE });
    expect(made).toMatchObject({ gstin, legalName: 'Nimbus Analytics Pvt Ltd', billingAddress: { state: 'Karnataka', line2: null } });
    const again = await addBusiness(cookie, { gstin, legalName: 'Nimbus Analytics', ...BENGALURU_OFFICE });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.gstin).toMatch(/already one of your businesses/);
    const list = await json(kit.t.app, 'GET', '/api/businesses', undefined, cookie);
    expect((list.json() as { items: Business[] }).items.map((b) => b.gstin)).toEqual([gstin]);

    // Another customer neither sees it, nor buys for it, nor deletes it.
    const other = await kit.customerWithAddress(kit.PUNE, 'Rohan Mehta');
    expect((await json(kit.t.app, 'GET', '/api/businesses', undefined, other.cookie)).json().items).toEqual([]);
    const [p] = await kit.productsUnder(2_00_000_00, 1);
    const quote = await json(
      kit.t.app,
      'POST',
      '/api/orders/quote',
      { items: [{ productId: p!.id, quantity: 1 }], addressId: other.addressId, businessId: made.id },
      other.cookie,
    );
    expect(quote.statusCode).toBe(404);
    expect(quote.json().error.fields.businessId).toBeTruthy();
    const placing = await kit.place(other.cookie, {
      items: [{ productId: p!.id, quantity: 1 }],
      addressId: other.addressId,
      businessId: made.id,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect(placing.statusCode).toBe(404);
    expect((await json(kit.t.app, 'DELETE', `/api/businesses/${made.id}`, undefined, other.cookie)).statusCode).toBe(404);
    expect((await json(kit.t.app, 'DELETE', `/api/businesses/${made.id}`, undefined, cookie)).statusCode).toBe(204);
    expect((await json(kit.t.app, 'GET', '/api/businesses', undefined)).statusCode).toBe(401);
  });
});

describe('GSTR-1 with business buyers', () => {
  it('taxes by the GSTIN’s state, prints a B2B invoice, and lists B2B invoices and their credit notes apart from B2C, to the paise', async () => {
    // Under ₹1,00,000 a unit, so the consumer's inter-state invoice is B2C others, not B2C large.
    const products = await kit.productsUnder(95_000_00, 2);
    const [a, b] = products as [(typeof products)[number], (typeof products)[number]];
    const vendorCookie = async (vendorId: string) => {
      for (const account of [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor]) {
        const cookie = await signInDemo(kit.t, account);
        const me = await json(kit.t.app, 'GET', '/api/auth/session', undefined, cookie);
        if (me.json().user.vendor?.id === vendorId) return cookie;
      }
      throw new Error(`no demo seller ${vendorId}`);
    };
    const [seller] = await kit.rows<{ state: string }>(sql`select pickup_state as state from seller_directory where id = ${a.vendor_id}`);
    expect(seller!.state).toBe('Maharashtra');

    // One customer buys for two businesses and as a consumer; another as a consumer in another state.
    const office = await kit.customerWithAddress(kit.PUNE, 'Meera Iyer');
    const bengaluruDelivery = await json(kit.t.app, 'POST', '/api/addresses', kit.BENGALURU, office.cookie);
    const karnataka = await business(office.cookie, { gstin: newGstin('29'), legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE });
    const maharashtra = await business(office.cookie, { gstin: newGstin('27'), legalName: 'Sahyadri Traders LLP', ...PUNE_OFFICE });
    const consumer = await kit.customerWithAddress(kit.BENGALURU, 'Kiran Rao');

    // The quote shows the split before placing: a Karnataka business delivered to Pune pays IGST.
    const quoteRes = await json(
      kit.t.app,
      'POST',
      '/api/orders/quote',
      { items: [{ productId: a.id, quantity: 2 }], addressId: office.addressId, businessId: karnataka.id },
      office.cookie,
    );
    expect(quoteRes.statusCode, quoteRes.body).toBe(200);
    const quote = quoteRes.json() as QuoteResponse;
    expect(quote.intraState).toBe(false);
    expect(quote.placeOfSupply).toEqual({ state: 'Karnataka', code: '29' });
    expect(quote.totals.cgstPaise + quote.totals.sgstPaise).toBe(0);
    expect(quote.totals.igstPaise).toBeGreaterThan(0);
    const asConsumer = (
      await json(
        kit.t.app,
        'POST',
        '/api/orders/quote',
        { items: [{ productId: a.id, quantity: 2 }], addressId: office.addressId },
        office.cookie,
      )
    ).json() as QuoteResponse;
    expect(asConsumer.intraState).toBe(true);
    expect(asConsumer.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });

    const buy = async (cookie: string, body: object): Promise<OrderDetail> => {
      const { order } = await kit.placed(cookie, { delivery: 'standard', paymentMethod: 'upi', ...body });
      await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
      return kit.getOrder(cookie, order.id);
    };
    const b2bInter = await buy(office.cookie, {
      items: [{ productId: a.id, quantity: 2 }],
      addressId: office.addressId,
      businessId: karnataka.id,
    });
    const b2bIntra = await buy(office.cookie, {
      items: [{ productId: b.id, quantity: 1 }],
      addressId: (bengaluruDelivery.json() as { address: { id: string } }).address.id,
      businessId: maharashtra.id,
    });
    const b2cIntra = await buy(office.cookie, { items: [{ productId: b.id, quantity: 1 }], addressId: office.addressId });
    const b2cInter = await buy(consumer.cookie, { items: [{ productId: a.id, quantity: 1 }], addressId: consumer.addressId });

    // The order keeps the business as it was; the place of supply is its GSTIN's state, whatever the delivery address.
    expect(b2bInter.business).toEqual({
      gstin: karnataka.gstin,
      legalName: 'Nimbus Analytics Pvt Ltd',
      billingAddress: { ...BENGALURU_OFFICE, line2: null },
    });
    expect(b2bInter.address.state).toBe('Maharashtra');
    expect(b2bInter.intraState).toBe(false);
    expect(b2bInter.totals.cgstPaise).toBe(0);
    expect(b2bIntra.address.state).toBe('Karnataka');
    expect(b2bIntra.intraState).toBe(true);
    expect(b2bIntra.totals.igstPaise).toBe(0);
    expect(b2cIntra.business).toBeNull();
    expect(b2cInter.intraState).toBe(false);
    expect(b2bInter.invoice).not.toBeNull();

    // A later change to the business changes no order.
    await json(kit.t.app, 'DELETE', `/api/businesses/${maharashtra.id}`, undefined, office.cookie);
    expect((await kit.getOrder(office.cookie, b2bIntra.id)).business?.legalName).toBe('Sahyadri Traders LLP');

    // The invoice is a B2B tax invoice: billed to the business with its GSTIN, shipped to the delivery address.
    const pdf = await kit.t.app.inject({
      method: 'GET',
      url: `/api/orders/${b2bInter.id}/invoice.pdf`,
      headers: { cookie: office.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(karnataka.gstin);
    expect(text).toContain('Nimbus Analytics Pvt Ltd');
    expect(text).toContain('Place of supply');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('Billed to'.toUpperCase());
    expect(text).toContain('Flat 12, Sai Residency');
    const consumerPdf = pdfText(
      (await kit.t.app.inject({ method: 'GET', url: `/api/orders/${b2cIntra.id}/invoice.pdf`, headers: { cookie: office.cookie } }))
        .rawPayload,
    );
    expect(consumerPdf).not.toContain('BILLED TO');
    expect(consumerPdf).toContain('BILL TO');

    // The admin's and the seller's order pages name the business.
    const admin = (await signInAdmin(kit.t)).cookie;
    const adminPage = await json(kit.t.app, 'GET', `/api/admin/orders/${b2bInter.id}`, undefined, admin);
    expect(adminPage.json().order.business.gstin).toBe(karnataka.gstin);
    const sellerA = await vendorCookie(a.vendor_id);
    const sellerPage = await json(kit.t.app, 'GET', `/api/vendor/orders/${b2bInter.id}`, undefined, sellerA);
    expect(sellerPage.statusCode, sellerPage.body).toBe(200);
    expect(sellerPage.json().order.business).toMatchObject({ gstin: karnataka.gstin, legalName: 'Nimbus Analytics Pvt Ltd' });

    // The seller cancels one of the business's two units: a credit note to a registered buyer (CDNR).
    const line = b2bInter.items[0]!;
    const cancelled = await json(
      kit.t.app,
      'POST',
      `/api/vendor/orders/${b2bInter.id}/cancel-lines`,
      { lines: [{ itemId: line.id, quantity: 1 }], reason: 'Only one unit in the godown' },
      sellerA,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await kit.getOrder(office.cookie, b2bInter.id);
    expect(afterCancel.creditNotes).toHaveLength(1);
    const note = afterCancel.creditNotes[0]!;

    const res = await json(kit.t.app, 'GET', `/api/admin/reports/gst-sales?month=${indiaMonth()}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as GstSalesReport;
    const sum = <K extends (typeof TAXES)[number]>(list: Record<K, number>[], k: K) => list.reduce((s, x) => s + x[k], 0);
    const lines = (orders: OrderDetail[]) => orders.flatMap((o) => o.items);

    // Table 4A: one row per invoice (and rate), by buyer GSTIN, equal to the business orders' lines.
    expect(r.b2b.map((x) => x.buyerGstin).sort()).toEqual([karnataka.gstin, maharashtra.gstin].sort());
    const inter = r.b2b.find((x) => x.buyerGstin === karnataka.gstin)!;
    expect(inter).toMatchObject({
      receiverName: 'Nimbus Analytics Pvt Ltd',
      invoiceNumber: b2bInter.invoice!.number,
      orderNumber: b2bInter.orderNumber,
      placeOfSupply: { code: '29', name: 'Karnataka' },
      rateBp: line.gstRateBp,
      taxablePaise: line.taxablePaise,
      igstPaise: line.igstPaise,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
      invoiceValuePaise: line.taxablePaise + line.igstPaise,
    });
    const intra = r.b2b.find((x) => x.buyerGstin === maharashtra.gstin)!;
    expect(intra.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(intra.igstPaise).toBe(0);
    expect(intra.cgstPaise + intra.sgstPaise).toBe(b2bIntra.totals.gstPaise);
    for (const k of TAXES) expect(sum(r.b2b, k), k).toBe(sum(lines([b2bInter, b2bIntra]), k));

    // Table 9B (registered): the credit note against the business's invoice; none to unregistered buyers.
    expect(r.cdnr).toHaveLength(1);
    expect(r.cdnr[0]).toMatchObject({
      buyerGstin: karnataka.gstin,
      receiverName: 'Nimbus Analytics Pvt Ltd',
      number: note.number,
      invoiceNumber: b2bInter.invoice!.number,
      placeOfSupply: { code: '29', name: 'Karnataka' },
      taxablePaise: note.taxablePaise,
      igstPaise: note.gstPaise,
    });
    expect(r.cdnur).toEqual([]);

    // B2C: the consumers' invoices only (none of these is large), by their delivery states.
    expect(r.b2cl).toEqual([]);
    for (const k of TAXES) expect(sum(r.b2c, k), k).toBe(sum(lines([b2cIntra, b2cInter]), k));
    expect(r.b2c.map((x) => `${x.placeOfSupply.name} ${x.supplyType}`).sort()).toEqual(['Karnataka inter', 'Maharashtra intra']);

    // Everything reconciles: B2B + B2C large + B2C others less CDNR and CDNUR is the month's net, and so is the HSN summary.
    const all = [b2bInter, b2bIntra, b2cIntra, b2cInter];
    for (const k of TAXES) {
      expect(r.totals.invoiced[k], k).toBe(sum(lines(all), k));
      expect(r.totals.credited[k], k).toBe(k === 'taxablePaise' ? note.taxablePaise : k === 'igstPaise' ? note.gstPaise : 0);
      expect(sum(r.b2b, k) + sum(r.b2cl, k) + sum(r.b2c, k) - sum(r.cdnr, k) - sum(r.cdnur, k), k).toBe(r.totals.net[k]);
      expect(sum(r.hsn, k), k).toBe(r.totals.net[k]);
    }
    expect(r.totals.invoiced.totalPaise).toBe(all.reduce((s, o) => s + o.totals.totalPaise, 0));

    // The CSV has the B2B and CDNR sections.
    const csv = await kit.t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/gst-sales.csv?month=${indiaMonth()}`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('B2B (table 4A)');
    expect(csv.body).toContain(`${karnataka.gstin},Nimbus Analytics Pvt Ltd,${b2bInter.invoice!.number}`);
    expect(csv.body).toContain('Credit notes to registered buyers (table 9B, CDNR)');
    expect(csv.body).toContain(`${karnataka.gstin},Nimbus Analytics Pvt Ltd,${note.number}`);
  });
});
