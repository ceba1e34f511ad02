import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LedgerResponse, VendorPayouts } from '~/shared/schemas/payouts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { ledgerFigures } from './tax-rates';

const kit = useOrdersTestApp();

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

/** A delivered cash-on-delivery order of two units of one of the vendor's products. */
async function deliveredOrder(vendor: { cookie: string; vendorId: string }) {
  const [product] = await kit.rows<{ id: string; price_paise: number; category: string }>(sql`
    select id, price_paise, category from products where vendor_id = ${vendor.vendorId} and status = 'active' and vendor_active
     order by price_paise limit 1`);
  await kit.setStock(product!.id, 50);
  const { cookie, addressId } = await kit.customerWithAddress();
  const { order } = await kit.placed(cookie, {
    items: [{ productId: product!.id, quantity: 2 }],
    addressId,
    delivery: 'standard',
    paymentMethod: 'cod',
  });
  for (const action of ['ship', 'deliver']) {
    const res = await json(
      kit.t.app,
      'POST',
      `/api/vendor/orders/${order.id}/${action}`,
      { carrier: 'Blue Dart', trackingNumber: 'BD1234567' },
      vendor.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return { order, product: product!, customer: cookie };
}

describe('the vendor ledger', () => {
  it('records each delivered line with commission, GST on it, TCS and TDS, reconciling to the paise with the order', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order, product } = await deliveredOrder(vendor);
    const [item] = await kit.rows<{ line_total_paise: number; discount_paise: number; taxable_paise: number }>(
      sql`select line_total_paise, discount_paise, taxable_paise from order_items where order_id = ${order.id}`,
    );
    const ledger = (await json(kit.t.app, 'GET', '/api/vendor/payouts/ledger', undefined, vendor.cookie)).json() as LedgerResponse;
    const entry = ledger.items.find((e) => e.orderId === order.id)!;
    const [{ rate_bp: rateBp }] = (await kit.rows<{ rate_bp: number }>(
      sql`select rate_bp from commission_rates where category = ${product.category}`,
    )) as [{ rate_bp: number }];
    const expected = ledgerFigures({
      salePaise: item!.line_total_paise - item!.discount_paise,
      taxablePaise: item!.taxable_paise,
      commissionRateBp: rateBp,
      hasPan: true,
    });
    expect(entry).toMatchObject({
      salePaise: 2 * product.price_paise,
      quantity: 2,
      commissionRateBp: rateBp,
      state: 'in_return_window',
      ...expected,
    });
    // Commission on the GST-inclusive sale; 18% GST on it; TCS 0.5% of the value before GST; TDS 0.1%.
    expect(expected.commissionPaise).toBe(Math.round((2 * product.price_paise * rateBp) / 10_000));
    expect(expected.tcsPaise).toBe(Math.round(item!.taxable_paise * 0.005));
    expect(entry.salePaise - entry.commissionPaise - entry.commissionGstPaise - entry.tcsPaise - entry.tdsPaise).toBe(entry.netPaise);

    const payouts = (await json(kit.t.app, 'GET', '/api/vendor/payouts', undefined, vendor.cookie)).json() as VendorPayouts;
    expect(payouts.summary.inReturnWindowPaise).toBeGreaterThanOrEqual(entry.netPaise);
    expect(payouts.rates).toMatchObject({ commissionGstBp: 1800, tcsBp: 50, tdsBp: 10 });

    // Another vendor's ledger never shows it.
    const other = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const theirs = (
      await json(kit.t.app, 'GET', '/api/vendor/payouts/ledger?pageSize=100', undefined, other.cookie)
    ).json() as LedgerResponse;
    expect(theirs.items.some((e) => e.orderId === order.id)).toBe(false);
  });

  it('settles payable lines into one weekly payout even when two settlements run at once; an admin pays it once with a bank reference', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const { order } = await deliveredOrder(vendor);
    // The return window closed three weeks ago.
    await kit
      .db()
      .execute(
        sql`update vendor_ledger_entries set delivered_at = now() - interval '28 days', payable_at = now() - interval '21 days' where order_id = ${order.id}`,
      );
    const [a, b] = await Promise.all([kit.t.services.payoutsService.settle(), kit.t.services.payoutsService.settle()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const entries = await kit.rows<{ payout_id: string | null }>(
      sql`select payout_id from vendor_ledger_entries where order_id = ${order.id}`,
    );
    expect(entries.every((e) => e.payout_id !== null)).toBe(true);
    const payoutId = entries[0]!.payout_id!;
    const [sums] = await kit.rows<{ net: number; entries: number; payout_net: number; payout_entries: number }>(sql`
      select (select sum(net_paise)::int from vendor_ledger_entries where payout_id = ${payoutId}) as net,
             (select count(*)::int from vendor_ledger_entries where payout_id = ${payoutId}) as entries,
             p.net_paise as payout_net, p.entries as payout_entries
        from payouts p where p.id = ${payoutId}`);
    expect(sums).toMatchObject({ net: sums!.payout_net, entries: sums!.payout_entries });

    const admin = await signInAdmin(kit.t);
    const bad = await json(kit.t.app, 'POST', `/api/admin/payouts/${payoutId}/paid`, { bankReference: 'x' }, admin.cookie);
    expect(bad.statusCode).toBe(400);
    const paid = await json(
      kit.t.app,
      'POST',
      `/api/admin/payouts/${payoutId}/paid`,
      { bankReference: 'HDFCN52026112400123' },
      admin.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', bankReference: 'HDFCN52026112400123' });
    const again = await json(
      kit.t.app,
      'POST',
      `/api/admin/payouts/${payoutId}/paid`,
      { bankReference: 'HDFCN52026112400999' },
      admin.cookie,
    );
    expect(again.statusCode).toBe(409);
    const customer = await signUpCustomer(kit.t);
    expect(
      (await json(kit.t.app, 'POST', `/api/admin/payouts/${payoutId}/paid`, { bankReference: 'HDFCN5202611240' }, customer.cookie))
        .statusCode,
    ).toBe(403);

    const mine = (await json(kit.t.app, 'GET', '/api/vendor/payouts', undefined, vendor.cookie)).json() as VendorPayouts;
    expect(mine.payouts.find((p) => p.id === payoutId)).toMatchObject({ status: 'paid', bankReference: 'HDFCN52026112400123' });
    expect(mine.summary.paidPaise).toBeGreaterThanOrEqual(sums!.net);
  });

  it("reverses a refunded return's lines, and the month's statement lists the lines with totals that add up", async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.shopVendor);
    const { order, customer } = await deliveredOrder(vendor);
    const asked = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer);
    expect(asked.statusCode, asked.body).toBe(200);
    for (const action of ['return-received', 'refund']) {
      expect((await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/${action}`, undefined, vendor.cookie)).statusCode).toBe(200);
    }
    const ledger = (
      await json(kit.t.app, 'GET', '/api/vendor/payouts/ledger?pageSize=100', undefined, vendor.cookie)
    ).json() as LedgerResponse;
    expect(ledger.items.find((e) => e.orderId === order.id)?.state).toBe('reversed');

    const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' })
      .format(new Date())
      .slice(0, 7);
    const res = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statement?month=${month}`,
      headers: { cookie: vendor.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const total = rows.at(-1)!;
    const live = rows.slice(0, -1).filter((r) => r.state !== 'reversed');
    expect(rows.some((r) => r.order === order.orderNumber && r.state === 'reversed')).toBe(true);
    const add = (k: string) => live.reduce((n, r) => n + Math.round(Number(r[k]) * 100), 0);
    expect(Math.round(Number(total.net) * 100)).toBe(add('net'));
    expect(Math.round(Number(total.sale) * 100) - add('commission') - add('gst_on_commission') - add('tcs') - add('tds')).toBe(add('net'));
  });
});
