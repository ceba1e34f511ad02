import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerResponse, PayoutDetail, VendorPayouts } from '~/shared/schemas/payouts';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { COD_REFUNDED_BY_SHOP } from '../../flows/refund-return';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { payoutsFixtures } from './payouts.fixtures';
import { deliveredValue, ledgerFigures, shareOf } from './tax-rates';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);
const DAY_MS = 86_400_000;

const { get } = f;
const ledgerOf = (cookie: string, query = '') => get<LedgerResponse>(`/api/vendor/payouts/ledger?pageSize=100${query}`, cookie);
const entryOf = async (cookie: string, orderNumber: string) =>
  (await ledgerOf(cookie, `&q=${orderNumber}`)).items.find((e) => e.orderNumber === orderNumber);
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date()).slice(0, 7);

describe('the vendor ledger', () => {
  it('records a delivered line with commission on the GST-inclusive sale, GST on it, TCS and TDS, to the paisa of the order', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order, product } = await f.deliveredOrder(vendor, 2);
    const [item] = await kit.rows<{ line_total_paise: number; discount_paise: number; taxable_paise: number; igst_paise: number }>(
      sql`select line_total_paise, discount_paise, taxable_paise, igst_paise from order_items where order_id = ${order.id}`,
    );
    const [{ rate_bp: rateBp }] = (await kit.rows<{ rate_bp: number }>(
      sql`select rate_bp from commission_rates where category = ${product.category}`,
    )) as [{ rate_bp: number }];
    expect(rateBp).toBe({ Laptop: 500, Desktop: 600, Monitor: 700 }[product.category]);

    const entry = (await entryOf(vendor.cookie, order.orderNumber))!;
    // A seller in Maharashtra, a customer in Pune: TCS as CGST + SGST halves.
    expect(item!.igst_paise).toBe(0);
    expect(entry).toMatchObject({
      quantity: 2,
      salePaise: 2 * product.price_paise,
      taxablePaise: item!.taxable_paise,
      commissionRateBp: rateBp,
      intraState: true,
      state: 'in_return_window',
      payoutId: null,
      ...ledgerFigures({
        salePaise: 2 * product.price_paise,
        taxablePaise: item!.taxable_paise,
        commissionRateBp: rateBp,
        intraState: true,
        hasPan: true,
      }),
    });
    expect(entry.commissionPaise).toBe(shareOf(2 * product.price_paise, rateBp, 10_000));
    expect(entry.commissionGstPaise).toBe(shareOf(entry.commissionPaise, 18, 100));
    expect(entry.tcsPaise).toBe(2 * shareOf(item!.taxable_paise, 25, 10_000));
    expect(entry.tdsPaise).toBe(shareOf(2 * product.price_paise, 1, 1000));
    expect(entry.salePaise - entry.commissionPaise - entry.commissionGstPaise - entry.tcsPaise - entry.tdsPaise).toBe(entry.netPaise);
    expect(Date.parse(entry.payableAt) - Date.parse(entry.deliveredAt)).toBe(7 * DAY_MS);

    const mine = await get<VendorPayouts>('/api/vendor/payouts', vendor.cookie);
    expect(mine.summary.inReturnWindowPaise).toBeGreaterThanOrEqual(entry.netPaise);
    expect(mine.rates).toMatchObject({
      commissionGst: { bp: 1800 },
      tcs: { bp: 50 },
      tds: { bp: 10 },
      vendorTdsBp: 10,
      returnWindowDays: 7,
    });
    expect(mine.rates.tcs.source).toMatch(/Section 52 of the CGST Act/);

    // Another vendor's ledger never shows it.
    const other = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    expect((await ledgerOf(other.cookie)).items.some((e) => e.orderId === order.id)).toBe(false);
  });

  it('records only the units not cancelled, at their share of the line, and TCS as IGST for a customer in another state', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const { order } = await f.placeOrder([{ vendor, quantity: 3 }], kit.BENGALURU);
    const line = order.items[0]!;
    await f.act(vendor.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: line.id, quantity: 1 }],
      reason: 'One unit damaged in our store',
    });
    await f.ship(vendor, order.id);
    await f.deliver(vendor, order.id);
    const [item] = await kit.rows<{
      quantity: number;
      cancelled_quantity: number;
      line_total_paise: number;
      discount_paise: number;
      taxable_paise: number;
    }>(sql`select quantity, cancelled_quantity, line_total_paise, discount_paise, taxable_paise from order_items where id = ${line.id}`);
    const value = deliveredValue({
      quantity: item!.quantity,
      cancelledQuantity: item!.cancelled_quantity,
      lineTotalPaise: item!.line_total_paise,
      discountPaise: item!.discount_paise,
      taxablePaise: item!.taxable_paise,
    });
    const entry = (await entryOf(vendor.cookie, order.orderNumber))!;
    expect(entry).toMatchObject({ quantity: 2, salePaise: value.salePaise, taxablePaise: value.taxablePaise, intraState: false });
    expect(entry.tcsPaise).toBe(shareOf(value.taxablePaise, 50, 10_000));
  });

  it('holds a seller’s lines of an order until the customer’s return window closes after its last seller’s delivery', async () => {
    const a = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const b = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order } = await f.placeOrder([
      { vendor: a, quantity: 1 },
      { vendor: b, quantity: 1 },
    ]);
    for (const v of [a, b]) await f.ship(v, order.id);
    await f.deliver(a, order.id);
    const first = (await entryOf(a.cookie, order.orderNumber))!;
    // Ten days on, B has still not delivered: the order is partly delivered, A's line is not payable.
    const later = new Date(Date.now() + 10 * DAY_MS);
    const { items } = await kit.t.services.payoutsService.ledger(
      a.vendorId,
      { page: 1, pageSize: 100, q: order.orderNumber, sort: '-delivered' },
      later,
    );
    expect(items[0]).toMatchObject({ state: 'in_return_window' });

    await f.deliver(b, order.id);
    const held = (await entryOf(a.cookie, order.orderNumber))!;
    const theirs = (await entryOf(b.cookie, order.orderNumber))!;
    expect(Date.parse(held.payableAt)).toBe(Date.parse(theirs.payableAt));
    expect(Date.parse(held.payableAt)).toBeGreaterThan(Date.parse(first.payableAt));
    expect(held.deliveredAt).toBe(first.deliveredAt);
  });

  it('holds the lines of a return asked for, and reverses them when the return is refunded', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const { order, customer } = await f.deliveredOrder(vendor, 1);
    const asked = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await entryOf(vendor.cookie, order.orderNumber))!.state).toBe('return_requested');
    await f.act(vendor.cookie, order.id, 'return-received', { condition: 'resellable' });
    // The courier handed the cash to the shop: the seller has none to give back, the shop transfers it.
    const bySeller = await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/refund`, undefined, vendor.cookie);
    expect(bySeller.statusCode).toBe(409);
    expect(bySeller.json().error.message).toBe(COD_REFUNDED_BY_SHOP);
    const admin = (await signInAdmin(kit.t)).cookie;
    await kit.recordRefundAccount(order.id, admin);
    const byShop = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, { bankReference: 'UTR778899001122' }, admin);
    expect(byShop.statusCode, byShop.body).toBe(200);
    const entry = (await entryOf(vendor.cookie, order.orderNumber))!;
    expect(entry.state).toBe('reversed');
    expect(entry.reversedAt).not.toBeNull();
    // A reversed line is never paid: no settlement, however late, takes it.
    await kit.t.services.payoutsService.settle(new Date(Date.now() + 30 * DAY_MS));
    expect((await entryOf(vendor.cookie, order.orderNumber))!).toMatchObject({ state: 'reversed', payoutId: null });
  });
});

describe('the vendor’s payouts routes', () => {
  it('filter the ledger by month, state and order, sort it, and total every entry that matches', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const { order } = await f.deliveredOrder(vendor, 1);
    const month = await ledgerOf(vendor.cookie, `&month=${thisMonth()}`);
    expect(month.items.some((e) => e.orderId === order.id)).toBe(true);
    const live = month.items.filter((e) => e.state !== 'reversed');
    expect(month.totals.netPaise).toBe(live.reduce((n, e) => n + e.netPaise, 0));
    expect(month.totals.salePaise).toBe(live.reduce((n, e) => n + e.salePaise, 0));
    expect((await ledgerOf(vendor.cookie, '&month=2021-01')).total).toBe(0);
    const waiting = await ledgerOf(vendor.cookie, '&state=in_return_window');
    expect(waiting.items.every((e: LedgerEntry) => e.state === 'in_return_window')).toBe(true);
    const byNet = await ledgerOf(vendor.cookie, '&sort=net');
    expect(byNet.items.map((e) => e.netPaise)).toEqual([...byNet.items.map((e) => e.netPaise)].sort((x, y) => x - y));
    for (const bad of ['month=2026-13', 'state=lost', 'sort=vendor', 'vendorId=x'])
      expect((await json(kit.t.app, 'GET', `/api/vendor/payouts/ledger?${bad}`, undefined, vendor.cookie)).statusCode, bad).toBe(400);
  });

  it('show a payout to its vendor only: another vendor gets a 404, a customer a 403', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order } = await f.deliveredOrder(vendor, 1);
    await f.deliveredDaysAgo(order.id, 21);
    await kit.t.services.payoutsService.settle();
    const entry = (await entryOf(vendor.cookie, order.orderNumber))!;
    expect(entry.state).toBe('in_payout');
    const detail = await get<PayoutDetail>(`/api/vendor/payouts/${entry.payoutId}`, vendor.cookie);
    expect(detail.entries.map((e) => e.id)).toContain(entry.id);
    expect(detail.payout.netPaise).toBe(detail.entries.reduce((n, e) => n + e.netPaise, 0));
    expect((await get<VendorPayouts>('/api/vendor/payouts', vendor.cookie)).payouts.map((p) => p.id)).toContain(entry.payoutId);

    const other = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const theirs = await json(kit.t.app, 'GET', `/api/vendor/payouts/${entry.payoutId}`, undefined, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('NOT_FOUND');
    expect((await get<VendorPayouts>('/api/vendor/payouts', other.cookie)).payouts.map((p) => p.id)).not.toContain(entry.payoutId);
    const customer = await signUpCustomer(kit.t);
    expect((await json(kit.t.app, 'GET', `/api/vendor/payouts/${entry.payoutId}`, undefined, customer.cookie)).statusCode).toBe(403);
  });

  it('give a month’s statement as CSV whose totals add up, and as PDF; another vendor’s statement never lists the order', async () => {
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const { order } = await f.deliveredOrder(vendor, 2);
    const month = thisMonth();
    const res = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.csv`,
      headers: { cookie: vendor.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const total = rows.at(-1)!;
    expect(total.delivered_on).toBe('Total');
    const line = rows.find((r) => r.order === order.orderNumber)!;
    const entry = (await entryOf(vendor.cookie, order.orderNumber))!;
    expect(Math.round(Number(line.net) * 100)).toBe(entry.netPaise);
    expect(Number(line.tcs_cgst) + Number(line.tcs_sgst)).toBeCloseTo(Number(line.tcs), 2);
    const live = rows.slice(0, -1).filter((r) => r.state !== 'Refunded (reversed)');
    const add = (k: string) => live.reduce((n, r) => n + Math.round(Number(r[k]) * 100), 0);
    for (const k of ['sale', 'commission', 'gst_on_commission', 'tcs', 'tds', 'net'])
      expect(Math.round(Number(total[k]) * 100), k).toBe(add(k));
    expect(add('sale') - add('commission') - add('gst_on_commission') - add('tcs') - add('tds')).toBe(add('net'));

    const pdf = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.pdf`,
      headers: { cookie: vendor.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);

    const other = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const theirs = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.csv`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(order.orderNumber);
    for (const bad of ['2026-13.csv', '2019-12.csv', 'latest.pdf']) {
      const r = await kit.t.app.inject({ method: 'GET', url: `/api/vendor/payouts/statements/${bad}`, headers: { cookie: vendor.cookie } });
      expect(r.statusCode, bad).toBe(400);
    }
  });
});
