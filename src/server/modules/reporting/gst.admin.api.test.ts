import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderControls, AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { lastCompleteMonth, type GstSalesReport } from '~/shared/schemas/reports';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { seedDemoOrders } from '../../ops/seed/orders/seed-orders';
import { seedDemoPayouts } from '../../ops/seed/orders/seed-payouts';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/**
 * The GST sales report (GSTR-1 shape) reconciles with the demo shop's invoices to the paisa: for
 * every month with orders, taxable value + taxes (+ shipping, which carries no GST) is the sum of
 * the month's invoices, less the month's credit notes (decision 19).
 */
let t: TestApp;
let admin: string;
let months: string[];
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];
const report = async (query: string) => {
  const res = await json(t.app, 'GET', `/api/admin/reports/gst-sales?${query}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GstSalesReport;
};
const ist = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM')`);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.admin, 'admin', null);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.customer, 'customer', null);
  await seedDemoOrders(t.services);
  await seedDemoPayouts(t.services);
  admin = (await signInAdmin(t)).cookie;
  months = (await rows<{ month: string }>(sql`select distinct ${ist('order_date')} as month from orders order by 1`)).map((r) => r.month);
}, 180_000);
afterAll(() => t.close());

describe('GET /api/admin/reports/gst-sales', () => {
  it('adds up, every month of the demo data, to the invoices of the month less its credit notes', async () => {
    expect(months.length).toBeGreaterThan(0);
    let credited = 0;
    let large = 0;
    let b2b = 0;
    for (const month of months) {
      const r = await report(`month=${month}`);
      const [inv] = await rows<{ n: number; total: string; goods: string; shipping: string; gst: string }>(sql`
        select count(*)::int as n, coalesce(sum(total_paise), 0)::bigint as total, coalesce(sum(subtotal_paise - discount_paise), 0)::bigint as goods,
               coalesce(sum(shipping_paise), 0)::bigint as shipping, coalesce(sum(gst_paise), 0)::bigint as gst
          from orders o
         where ${ist('o.order_date')} = ${month} and o.status <> 'pending_payment'
           and (o.status <> 'cancelled' or exists (select 1 from credit_notes c where c.order_id = o.id))`);
      const [cn] = await rows<{ total: string; gst: string; shipping: string }>(sql`
        select coalesce(sum(total_paise), 0)::bigint as total, coalesce(sum(gst_paise), 0)::bigint as gst,
               coalesce(sum(shipping_paise), 0)::bigint as shipping
          from credit_notes where ${ist('created_at')} = ${month}`);
      const { invoiced, credited: cr, net } = r.totals;
      expect(r.invoices, month).toBe(inv!.n);
      expect(invoiced.totalPaise, month).toBe(Number(inv!.total));
      expect(invoiced.taxablePaise + invoiced.cgstPaise + invoiced.sgstPaise + invoiced.igstPaise, month).toBe(Number(inv!.goods));
      expect(invoiced.cgstPaise + invoiced.sgstPaise + invoiced.igstPaise, month).toBe(Number(inv!.gst));
      expect(invoiced.shippingPaise, month).toBe(Number(inv!.shipping));
      expect(cr.totalPaise, month).toBe(Number(cn!.total));
      expect(cr.cgstPaise + cr.sgstPaise + cr.igstPaise, month).toBe(Number(cn!.gst));
      expect(net.totalPaise, month).toBe(Number(inv!.total) - Number(cn!.total));
      expect(r.creditNotes.reduce((s, c) => s + c.totalPaise, 0)).toBe(cr.totalPaise);
      // B2B and B2C large (invoiced) and B2C others (net of their credit notes), less the credit notes against B2B
      // and B2C large invoices, are the month's net; so is the HSN summary.
      const sum = <K extends 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>(list: Record<K, number>[], k: K) =>
        list.reduce((s, x) => s + x[k], 0);
      for (const k of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
        expect(sum(r.b2b, k) + sum(r.b2c, k) + sum(r.b2cl, k) - sum(r.cdnr, k) - sum(r.cdnur, k), `${month} ${k}`).toBe(net[k]);
        expect(sum(r.hsn, k), `${month} ${k}`).toBe(net[k]);
      }
      // B2C large: inter-state (IGST only), each invoice worth more than ₹1,00,000, its value the sum of its rows.
      const values = new Map<string, number>();
      for (const b of r.b2cl) {
        expect(b.cgstPaise + b.sgstPaise, b.invoiceNumber).toBe(0);
        expect(b.invoiceValuePaise, b.invoiceNumber).toBeGreaterThan(1_00_000_00);
        const key = `${b.invoiceNumber} ${b.sellerName}`;
        values.set(key, (values.get(key) ?? 0) + b.taxablePaise + b.igstPaise);
      }
      for (const [key, value] of values)
        expect(r.b2cl.find((b) => `${b.invoiceNumber} ${b.sellerName}` === key)!.invoiceValuePaise).toBe(value);
      large += r.b2cl.length;
      b2b += r.b2b.length;
      for (const b of r.b2b) expect(b.buyerGstin).toBe('27AAHCD4821K1ZI');
      for (const b of r.b2c) {
        if (b.supplyType === 'intra') expect(b.igstPaise).toBe(0);
        else expect(b.cgstPaise + b.sgstPaise).toBe(0);
        expect(b.placeOfSupply.code).toMatch(/^\d{2}$/);
        expect(b.cessPaise).toBe(0);
      }
      credited += r.creditNotes.length;
    }
    // The demo shop's cancelled and returned orders carry credit notes: at least one month shows them.
    expect(credited).toBeGreaterThan(0);
    // The demo shop sells laptops above ₹1,00,000 to other states: table 5 is not empty.
    expect(large).toBeGreaterThan(0);
    // The demo business buyer's invoices are in table 4A (decision 71), also in the month the report opens on.
    expect(b2b).toBeGreaterThan(0);
    expect((await report(`month=${lastCompleteMonth()}`)).b2b.length).toBeGreaterThan(0);
  });

  it("splits into each seller's own GSTR-1 that together make the shop's", async () => {
    const month = months.at(-1)!;
    const all = await report(`month=${month}`);
    expect(all.seller).toBeNull();
    expect(all.sellers.length).toBeGreaterThanOrEqual(3);
    let taxable = 0;
    let credited = 0;
    for (const s of all.sellers) {
      const mine = await report(`month=${month}&vendor=${s.id}`);
      expect(mine.seller).toMatchObject({ id: s.id, gstin: s.gstin });
      expect(mine.totals.invoiced.shippingPaise).toBe(0);
      taxable += mine.totals.net.taxablePaise;
      credited += mine.totals.credited.taxablePaise;
    }
    expect(taxable).toBe(all.totals.net.taxablePaise);
    expect(credited).toBe(all.totals.credited.taxablePaise);
  });

  it('lists a credit note against a B2C large invoice under CDNUR, and keeps it out of B2C others', async () => {
    const large = (await Promise.all(months.map((m) => report(`month=${m}`)))).flatMap((r) => r.b2cl);
    // An order whose large invoice has a unit left to cancel or to refund.
    let found: { orderId: string; line: AdminOrderControls['lines'][number]; byTransfer: boolean } | undefined;
    for (const b of large) {
      const [order] = await rows<{ id: string }>(sql`select id from orders where order_number = ${b.orderNumber}`);
      const page = (await json(t.app, 'GET', `/api/admin/orders/${order!.id}`, undefined, admin)).json() as AdminOrderResponse;
      const line = page.controls.lines.find((l) => l.cancellable > 0 || l.refundable > 0);
      if (line) found = { orderId: order!.id, line, byTransfer: page.controls.refundByBankTransfer };
      if (found) break;
    }
    expect(found, 'a demo B2C large invoice with a unit left').toBeDefined();
    const { orderId, line, byTransfer } = found!;
    const res =
      line.cancellable > 0
        ? await json(
            t.app,
            'POST',
            `/api/admin/orders/${orderId}/cancel`,
            { reason: 'Out of stock at the seller', lines: [{ itemId: line.itemId, quantity: 1 }] },
            admin,
          )
        : await json(
            t.app,
            'POST',
            `/api/admin/orders/${orderId}/refund-lines`,
            {
              lines: [{ itemId: line.itemId, quantity: 1 }],
              reason: 'Arrived damaged',
              ...(byTransfer ? { bankReference: 'UTR20261125001' } : {}),
            },
            admin,
          );
    expect(res.statusCode, res.body).toBe(200);
    const note = (res.json() as AdminOrderResponse).order.creditNotes.at(-1)!;
    // Issued today: this month's report lists it in table 9B with the invoice it reduces.
    const now = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const r = await report(`month=${now}`);
    const cdnur = r.cdnur.filter((c) => c.number === note.number);
    expect(cdnur.length).toBeGreaterThan(0);
    expect(cdnur[0]!.invoiceNumber).toBe(`INV-${(res.json() as AdminOrderResponse).order.orderNumber}`);
    expect(cdnur.reduce((s, c) => s + c.taxablePaise, 0)).toBe(note.taxablePaise);
    for (const k of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      const total = (list: Record<typeof k, number>[]) => list.reduce((s, x) => s + x[k], 0);
      expect(total(r.b2c) + total(r.b2cl) - total(r.cdnur), k).toBe(r.totals.net[k]);
    }
  });

  it('defaults to the last complete month in India time', async () => {
    const r = await report('');
    const india = new Date(Date.now() + 330 * 60_000);
    const prev = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - 1, 1));
    expect(r.month).toBe(`${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}`);
  });

  it('downloads as CSV with the sections and the net total', async () => {
    const month = months.at(-1)!;
    const r = await report(`month=${month}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/reports/gst-sales.csv?month=${month}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gst-sales-${month}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(`GST sales report (GSTR-1),${month},All sellers`);
    expect(res.body).toContain('HSN summary (net of credit notes)');
    const total = (r.totals.net.totalPaise / 100).toFixed(2);
    expect(lines.at(-1)).toMatch(new RegExp(`^Net of credit notes,.*,${total.replace('.', '\\.')}$`));
  });

  it('refuses a bad month or an unknown seller with a field error', async () => {
    for (const [query, field] of [
      ['month=2026-13', 'month'],
      ['month=nov', 'month'],
      ['month=2019-12', 'month'],
      ['vendor=nobody', 'vendor'],
    ] as const) {
      const res = await json(t.app, 'GET', `/api/admin/reports/gst-sales?${query}`, undefined, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields?.[field], query).toBeTruthy();
    }
    expect((await json(t.app, 'GET', '/api/admin/reports/gst-sales?month=2026-10&extra=1', undefined, admin)).statusCode).toBe(400);
  });

  it('is for admins only: a customer or vendor gets 403, a visitor 401', async () => {
    const customer = await signUpCustomer(t);
    const vendor = await signUpVendor(t);
    for (const url of ['/api/admin/reports/gst-sales', '/api/admin/reports/gst-sales.csv']) {
      expect((await json(t.app, 'GET', url, undefined, customer.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, 'GET', url, undefined, vendor.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});
