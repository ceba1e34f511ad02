import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminPayoutsResponse, CommissionRates, LedgerResponse } from '~/shared/schemas/payouts';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { payoutsFixtures } from './payouts.fixtures';
import { settlementWeek } from './settlement-week';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

/** Every payout's figures against the sums of the entries that point at it. */
async function payoutsAgainstEntries() {
  return kit.rows<{
    id: string;
    vendor_id: string;
    period_start: string;
    entries: number;
    counted: number;
    net_paise: number;
    summed: number;
  }>(sql`
    select p.id, p.vendor_id, p.period_start::text, p.entries, p.net_paise,
           (select count(*)::int from vendor_ledger_entries e where e.payout_id = p.id) as counted,
           (select coalesce(sum(e.net_paise), 0)::int from vendor_ledger_entries e where e.payout_id = p.id) as summed
      from payouts p`);
}

describe('the weekly settlement', () => {
  it('puts each payable line in exactly one payout per vendor and week, even when two settlements run at once', async () => {
    const vendors = await Promise.all(
      [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(f.signInVendor),
    );
    const orders = [];
    for (const v of vendors) for (let i = 0; i < 2; i++) orders.push((await f.deliveredOrder(v, 1)).order);
    for (const o of orders) await f.deliveredDaysAgo(o.id, 30);
    // One delivered today stays in its return window; one whose window closed has a return asked for.
    const fresh = (await f.deliveredOrder(vendors[0]!, 1)).order;
    const { order: returned, customer } = await f.deliveredOrder(vendors[1]!, 1);
    expect(
      (await json(kit.t.app, 'POST', `/api/orders/${returned.id}/return`, { reason: 'Wrong item delivered' }, customer)).statusCode,
    ).toBe(200);
    await f.deliveredDaysAgo(returned.id, 30);

    // The settlement of a week ago (the admin test below settles this week's).
    const payouts = kit.t.services.payoutsService;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const [one, two] = await Promise.all([payouts.settle(weekAgo), payouts.settle(weekAgo)]);
    const week = settlementWeek(weekAgo);
    expect(one.periodStart).toBe(week.periodStart);
    expect(one.payouts + two.payouts).toBe(3);
    expect(one.entries + two.entries).toBe(6);

    const rows = await payoutsAgainstEntries();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.vendor_id)).size).toBe(3);
    for (const r of rows) expect(r).toMatchObject({ period_start: week.periodStart, entries: r.counted, net_paise: r.summed });
    const entries = await kit.rows<{ order_id: string; payout_id: string | null }>(
      sql`select order_id, payout_id from vendor_ledger_entries`,
    );
    for (const o of orders) expect(entries.find((e) => e.order_id === o.id)?.payout_id).toBeTruthy();
    expect(entries.find((e) => e.order_id === fresh.id)?.payout_id).toBeNull();
    expect(entries.find((e) => e.order_id === returned.id)?.payout_id).toBeNull();

    // Settling again, or again at once, makes nothing: a payout is never made twice or changed.
    const again = await Promise.all([payouts.settle(weekAgo), payouts.settle(weekAgo)]);
    expect(again.map((r) => r.payouts)).toEqual([0, 0]);
    expect(await payoutsAgainstEntries()).toEqual(rows);

    // A line that becomes payable after its vendor's week was settled waits for next week's payout.
    await f.deliveredDaysAgo(fresh.id, 30);
    expect((await payouts.settle(weekAgo)).payouts).toBe(0);
    expect(await payouts.settle()).toMatchObject({ periodStart: settlementWeek(new Date()).periodStart, payouts: 1, entries: 1 });
  });

  it('runs for an admin, who then pays a payout once with its bank reference; customers and vendors cannot', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const { order } = await f.deliveredOrder(vendor, 1);
    await f.deliveredDaysAgo(order.id, 40);
    const admin = await signInAdmin(kit.t);
    const customer = await signUpCustomer(kit.t);
    expect((await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, vendor.cookie)).statusCode).toBe(403);
    const settled = await json(kit.t.app, 'POST', '/api/admin/payouts/settle', undefined, admin.cookie);
    expect(settled.statusCode, settled.body).toBe(200);

    const [entry] = await kit.rows<{ payout_id: string }>(sql`select payout_id from vendor_ledger_entries where order_id = ${order.id}`);
    const payoutId = entry!.payout_id;
    expect(payoutId).toBeTruthy();
    const pending = (
      await json(kit.t.app, 'GET', '/api/admin/payouts?status=pending', undefined, admin.cookie)
    ).json() as AdminPayoutsResponse;
    expect(pending.items.find((p) => p.id === payoutId)).toMatchObject({
      status: 'pending',
      vendorName: 'Pune Tech Hub',
      bankReference: null,
    });

    const pay = (id: string, bankReference: unknown, cookie = admin.cookie) =>
      json(kit.t.app, 'POST', `/api/admin/payouts/${id}/paid`, { bankReference }, cookie);
    for (const bad of ['x', 'HDFC N5 2026', '', 'A'.repeat(23)]) {
      const res = await pay(payoutId, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields.bankReference).toMatch(/bank reference/);
    }
    expect((await pay(payoutId, 'HDFCN52026112400123', customer.cookie)).statusCode).toBe(403);
    expect((await pay(payoutId, 'HDFCN52026112400123', vendor.cookie)).statusCode).toBe(403);
    expect((await pay('po_nosuchpayout', 'HDFCN52026112400123')).statusCode).toBe(404);

    const paid = await pay(payoutId, 'hdfcn52026112400123');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ id: payoutId, status: 'paid', bankReference: 'HDFCN52026112400123' });
    const again = await pay(payoutId, 'HDFCN52026112400999');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('HDFCN52026112400123');

    const ledger = (
      await json(kit.t.app, 'GET', `/api/vendor/payouts/ledger?q=${order.orderNumber}`, undefined, vendor.cookie)
    ).json() as LedgerResponse;
    expect(ledger.items[0]).toMatchObject({ state: 'paid', payoutId });
    const paidList = (
      await json(kit.t.app, 'GET', '/api/admin/payouts?status=paid&q=pune', undefined, admin.cookie)
    ).json() as AdminPayoutsResponse;
    expect(paidList.items.map((p) => p.id)).toContain(payoutId);
  });
});

describe('the commission rates', () => {
  it('are set by an admin per category and charged on lines delivered afterwards; recorded lines keep theirs', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const admin = await signInAdmin(kit.t);
    const before = (await json(kit.t.app, 'GET', '/api/admin/commission-rates', undefined, admin.cookie)).json() as CommissionRates;
    expect(Object.fromEntries(before.rates.map((r) => [r.category, r.rateBp]))).toEqual({ Desktop: 600, Laptop: 500, Monitor: 700 });
    const { order: earlier, product } = await f.deliveredOrder(vendor, 1);

    const put = (body: unknown, cookie = admin.cookie) => json(kit.t.app, 'PUT', '/api/admin/commission-rates', body, cookie);
    for (const bad of [
      { rates: [{ category: product.category, rateBp: 6000 }] },
      { rates: [{ category: 'Tablet', rateBp: 500 }] },
      { rates: [] },
    ])
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await put({ rates: [{ category: product.category, rateBp: 450 }] }, vendor.cookie)).statusCode).toBe(403);
    const changed = await put({ rates: [{ category: product.category, rateBp: 450 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as CommissionRates).rates.find((r) => r.category === product.category)?.rateBp).toBe(450);

    const { order: later } = await f.deliveredOrder(vendor, 1);
    const rates = await kit.rows<{ order_id: string; commission_rate_bp: number }>(
      sql`select order_id, commission_rate_bp from vendor_ledger_entries where order_id in (${earlier.id}, ${later.id})`,
    );
    expect(rates.find((r) => r.order_id === earlier.id)?.commission_rate_bp).toBe(
      before.rates.find((r) => r.category === product.category)!.rateBp,
    );
    expect(rates.find((r) => r.order_id === later.id)?.commission_rate_bp).toBe(450);
  });
});
