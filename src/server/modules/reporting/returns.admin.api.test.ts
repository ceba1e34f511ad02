import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineRefundPaise } from '~/shared/pricing';
import type { ReturnsReport } from '~/shared/schemas/reports';
import type { Executor } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signInDemo, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { returnsReceived } from './returns.admin.repo';

const kit = useOrdersTestApp();
const indiaMonth = (d = new Date()) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 7);

/**
 * An order of three units of seller A's laptop (one cancelled before shipping) and one of seller B's,
 * paid by UPI, delivered, asked back; A finds its two units fit to sell again, B its unit damaged.
 */
async function returnedOrder() {
  const candidates = await kit.rows<{ id: string; vendor_id: string }>(sql`
    select id, vendor_id from products where status = 'active' and vendor_active and price_paise <= 2000000 order by price_paise, id`);
  const a = candidates[0]!;
  const b = candidates.find((p) => p.vendor_id !== a.vendor_id)!;
  for (const p of [a, b]) await kit.setStock(p.id, 50);
  const vendors = await Promise.all(
    [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(async (account) => {
      const cookie = await signInDemo(kit.t, account);
      const me = await json(kit.t.app, 'GET', '/api/auth/session', undefined, cookie);
      return { cookie, vendorId: me.json().user.vendor.id as string };
    }),
  );
  const sellerA = vendors.find((v) => v.vendorId === a.vendor_id)!;
  const sellerB = vendors.find((v) => v.vendorId === b.vendor_id)!;
  const { cookie, addressId } = await kit.customerWithAddress(kit.PUNE);
  const { order } = await kit.placed(cookie, {
    items: [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ],
    addressId,
    delivery: 'standard',
    paymentMethod: 'upi',
  });
  await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  const step = async (vendorCookie: string, action: string, body?: object) => {
    const res = await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/${action}`, body, vendorCookie);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  };
  const detail = await kit.getOrder(cookie, order.id);
  const lineA = detail.items.find((i) => i.productId === a.id)!;
  const lineB = detail.items.find((i) => i.productId === b.id)!;
  await step(sellerA.cookie, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'Only two units in the godown' });
  for (const seller of [sellerA, sellerB]) {
    await step(seller.cookie, 'ship', { carrier: 'Blue Dart', trackingNumber: `BD${seller.vendorId.slice(-6)}` });
    await step(seller.cookie, 'deliver');
  }
  const asked = await json(
    kit.t.app,
    'POST',
    `/api/orders/${order.id}/return`,
    { reason: 'Damaged or defective on arrival', details: 'The hinge creaks and the screen flickers' },
    cookie,
  );
  expect(asked.statusCode, asked.body).toBe(200);
  await step(sellerA.cookie, 'return-received', { condition: 'resellable' });
  await step(sellerB.cookie, 'return-received', { condition: 'damaged' });
  return { order: detail, lineA, lineB, sellerA, sellerB };
}

describe('GET /api/admin/reports/returns', () => {
  it('lists each seller’s return of the month with its units, what they sold for and whether they went back in stock, and adds them up per seller', async () => {
    const { order, lineA, lineB, sellerA, sellerB } = await returnedOrder();
    const admin = (await signInAdmin(kit.t)).cookie;
    const month = indiaMonth();
    const res = await json(kit.t.app, 'GET', `/api/admin/reports/returns?month=${month}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ReturnsReport;
    expect(report.month).toBe(month);
    const mine = report.rows.filter((r) => r.orderId === order.id);
    const valueA = lineRefundPaise(lineA, 2);
    const valueB = lineRefundPaise(lineB, 1);
    // The unit cancelled before shipping never came back: two of A's three units are in the return.
    expect(mine.find((r) => r.vendorId === sellerA.vendorId)).toMatchObject({
      orderNumber: order.orderNumber,
      condition: 'resellable',
      units: 2,
      items: [{ name: lineA.name, quantity: 2 }],
      valuePaise: valueA,
      reason: expect.stringMatching(/^Damaged or defective on arrival/),
      refundedAt: null,
    });
    expect(mine.find((r) => r.vendorId === sellerB.vendorId)).toMatchObject({ condition: 'damaged', units: 1, valuePaise: valueB });
    expect(report.totals).toMatchObject({
      returns: report.rows.length,
      units: report.rows.reduce((n, r) => n + r.units, 0),
      valuePaise: report.rows.reduce((n, r) => n + r.valuePaise, 0),
    });
    expect(report.totals.resellablePaise + report.totals.damagedPaise).toBe(report.totals.valuePaise);
    const b = report.bySeller.find((s) => s.vendorId === sellerB.vendorId)!;
    expect(b.damagedUnits).toBeGreaterThanOrEqual(1);
    expect(b.damagedPaise).toBeGreaterThanOrEqual(valueB);

    // One seller's: only its returns, named with its GSTIN in the CSV's file name.
    const onlyB = (
      await json(kit.t.app, 'GET', `/api/admin/reports/returns?month=${month}&vendor=${sellerB.vendorId}`, undefined, admin)
    ).json() as ReturnsReport;
    expect(onlyB.seller?.id).toBe(sellerB.vendorId);
    expect(onlyB.rows.length).toBeGreaterThan(0);
    expect(onlyB.rows.every((r) => r.vendorId === sellerB.vendorId)).toBe(true);

    // A month before: nothing.
    const empty = (await json(kit.t.app, 'GET', '/api/admin/reports/returns?month=2024-01', undefined, admin)).json() as ReturnsReport;
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toMatchObject({ returns: 0, units: 0, valuePaise: 0 });

    const csv = await kit.t.app.inject({ method: 'GET', url: `/api/admin/reports/returns.csv?month=${month}`, headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="returns-${month}.csv"`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body).toContain(`${order.orderNumber},${lineB.sellerName},1 x ${lineB.name},1,Written off,${(valueB / 100).toFixed(2)}`);
    expect(csv.body).toContain('Back in stock');
  });

  it('refuses an unknown seller and a month that is not one with field errors, and is for admins only', async () => {
    const admin = (await signInAdmin(kit.t)).cookie;
    const unknown = await json(kit.t.app, 'GET', '/api/admin/reports/returns?vendor=ven_nobody', undefined, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.vendor).toBe('Choose a seller from the list');
    const badMonth = await json(kit.t.app, 'GET', '/api/admin/reports/returns?month=2026-13', undefined, admin);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.fields.month).toBeTruthy();

    expect((await json(kit.t.app, 'GET', '/api/admin/reports/returns')).statusCode).toBe(401);
    const customer = await signUpCustomer(kit.t);
    expect((await json(kit.t.app, 'GET', '/api/admin/reports/returns', undefined, customer.cookie)).statusCode).toBe(403);
    const vendor = await signInDemo(kit.t, DEMO_ACCOUNTS.approvedVendor);
    expect((await json(kit.t.app, 'GET', '/api/admin/reports/returns.csv', undefined, vendor)).statusCode).toBe(403);
  });

  it('reads a month of returns through the index of returns received, for every seller or one', async () => {
    const { sellerA } = await returnedOrder();
    const to = new Date();
    const from = new Date(to.getTime() - 31 * 86_400_000);
    const plans: string[] = [];
    await kit.t.services.database.db.transaction(async (tx) => {
      // A test database's few shipments are cheaper to read whole: with that way closed, the plan shows
      // whether the index can serve the report's statement as it is written (its range implies "received").
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = {
        execute: async (query: SQL) => {
          plans.push(JSON.stringify((await tx.execute(sql`explain (format json) ${query}`)).rows));
          return { rows: [] };
        },
      } as unknown as Executor;
      for (const vendorId of [null, sellerA.vendorId]) await returnsReceived(explaining, { from, to, vendorId });
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan).toContain('"Index Name":"shipments_return_received_idx"');
  });
});
