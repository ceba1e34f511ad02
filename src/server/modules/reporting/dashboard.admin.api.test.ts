import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '~/shared/schemas/dashboard';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

// One database for this file, with the demo catalogue and no orders but the ones placed here.
const kit = useOrdersTestApp();

describe('GET /api/admin/overview', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  });
  afterAll(() => fresh.close());

  it('counts the accounts by role, vendors by status, messages and sign-ups of the last 30 days', async () => {
    const { cookie } = await signInAdmin(fresh);
    await signUpCustomer(fresh);
    await signUpCustomer(fresh);
    await signUpCustomer(fresh);
    const approved = await signUpVendor(fresh);
    const rejected = await signUpVendor(fresh);
    await signUpVendor(fresh);
    await json(fresh.app, 'POST', `/api/admin/vendors/${approved.vendorId}/decision`, { decision: 'approve' }, cookie);
    await json(
      fresh.app,
      'POST',
      `/api/admin/vendors/${rejected.vendorId}/decision`,
      { decision: 'reject', reason: 'No GST registration given' },
      cookie,
    );
    await json(fresh.app, 'POST', '/api/contact', {
      name: 'Meera Kulkarni',
      email: uniqueEmail('meera'),
      topic: 'Other',
      message: 'Do you deliver to Ratnagiri?',
    });

    const res = await json(fresh.app, 'GET', '/api/admin/overview', undefined, cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.usersByRole).toEqual({ customer: 3, vendor: 3, admin: 1 });
    expect(overview.vendorsByStatus).toEqual({ pending: 1, approved: 1, rejected: 1, suspended: 0 });
    expect(overview.contactMessages).toEqual({ total: 1, last7Days: 1 });

    const days: { date: string; count: number }[] = overview.signupsByDay;
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(days.at(-1)?.date).toBe(today);
    const dates = days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
  });
});

/** India's date `n` days from today (negative: before). */
const indiaDay = (n = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + n * 86_400_000));

describe('GET /api/admin/dashboard', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signInAdmin(kit.t)).cookie;
  });

  async function dashboard(query: string): Promise<AdminDashboard> {
    const res = await json(kit.t.app, 'GET', `/api/admin/dashboard?${query}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminDashboard;
  }

  async function paid(cookie: string, body: object) {
    const { order } = await kit.placed(cookie, body);
    const back = await kit.payOnGateway(cookie, order.id, kit.UPI_OK);
    expect((await kit.t.app.inject({ method: 'GET', url: back })).statusCode).toBe(303);
    return order;
  }

  it('adds up GMV, refunds, net revenue, average order and cash on delivery to collect from the orders placed, beside the 7 days before', async () => {
    const before = await dashboard('range=7d');
    expect(before.current).toMatchObject({ gmvPaise: 0, orders: 0, checkouts: 0 });

    const [p1, p2, p3, p4, p5, p6] = await kit.productsUnder(40_000_00, 6);
    const pune = await kit.customerWithAddress(kit.PUNE, 'Aditi Joshi');
    const bengaluru = await kit.customerWithAddress(kit.BENGALURU, 'Kiran Rao');
    const line = (p: typeof p1, quantity = 1) => ({ items: [{ productId: p!.id, quantity }], delivery: 'standard' as const });

    // Eight days ago, in the previous 7 days: Aditi's first order, cash on delivery, never shipped (late).
    const old = (await kit.placed(pune.cookie, { ...line(p6), addressId: pune.addressId, paymentMethod: 'cod' })).order;
    await kit.db().execute(sql`update orders set order_date = now() - interval '8 days' where id = ${old.id}`);

    // This week: A paid by UPI; B cash on delivery (Kiran, Bengaluru) handed to a courier; C cash on
    // delivery cancelled; D paid and cancelled (refunded in full); E a card order never paid.
    const a = await paid(pune.cookie, { ...line(p1, 2), addressId: pune.addressId, paymentMethod: 'upi' });
    const b = (await kit.placed(bengaluru.cookie, { ...line(p2), addressId: bengaluru.addressId, paymentMethod: 'cod' })).order;
    const shipped = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${b.id}/ship`,
      { carrier: 'Blue Dart', trackingNumber: 'BD20261125' },
      admin,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const c = (await kit.placed(pune.cookie, { ...line(p3), addressId: pune.addressId, paymentMethod: 'cod' })).order;
    expect((await json(kit.t.app, 'POST', `/api/orders/${c.id}/cancel`, { reason: 'Ordered twice' }, pune.cookie)).statusCode).toBe(200);
    const d = await paid(pune.cookie, { ...line(p4), addressId: pune.addressId, paymentMethod: 'upi' });
    const cancelled = await json(kit.t.app, 'POST', `/api/orders/${d.id}/cancel`, { reason: 'Found it cheaper' }, pune.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await kit.placed(pune.cookie, { ...line(p5), addressId: pune.addressId, paymentMethod: 'card' });

    const gmv = a.totals.totalPaise + b.totals.totalPaise + c.totals.totalPaise + d.totals.totalPaise;
    const now = await dashboard('range=7d');
    expect(now.current).toEqual({
      gmvPaise: gmv,
      // What was paid or is due at the door, after D's refund; C's cash will never be collected.
      netRevenuePaise: a.totals.totalPaise + b.totals.totalPaise,
      refundsPaise: d.totals.totalPaise,
      refundedOrders: 1,
      refundsGivenPaise: d.totals.totalPaise,
      refundsGiven: 1,
      orders: 4,
      averageOrderPaise: Math.round(gmv / 4),
      // Kiran's first order is this week; Aditi's was eight days ago.
      newCustomers: 1,
      checkouts: 5,
    });
    expect(now.previous).toEqual({
      gmvPaise: old.totals.totalPaise,
      netRevenuePaise: old.totals.totalPaise,
      refundsPaise: 0,
      refundedOrders: 0,
      refundsGivenPaise: 0,
      refundsGiven: 0,
      orders: 1,
      averageOrderPaise: old.totals.totalPaise,
      newCustomers: 1,
      checkouts: 1,
    });
    // The previous period has the same length and ends the day before the period starts.
    expect(now.period).toEqual({ from: indiaDay(-6), to: indiaDay(0), days: 7 });
    expect(now.previousPeriod).toEqual({ from: indiaDay(-13), to: indiaDay(-7), days: 7 });
    expect(now.daily.map((x) => x.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(indiaDay));
    expect(now.daily.map((x) => x.previousDay)).toEqual([-13, -12, -11, -10, -9, -8, -7].map(indiaDay));
    expect(now.daily.at(-1)).toMatchObject({ gmvPaise: gmv, orders: 4 });
    expect(now.daily.reduce((n, x) => n + x.previousGmvPaise, 0)).toBe(old.totals.totalPaise);
    expect(now.daily.find((x) => x.previousDay === indiaDay(-8))).toMatchObject({
      previousGmvPaise: old.totals.totalPaise,
      previousOrders: 1,
    });

    expect(now.codToCollect).toEqual({ orders: 1, amountPaise: b.totals.totalPaise });
    expect(Object.fromEntries(now.byStatus.map((s) => [s.status, s.orders]))).toEqual({ placed: 1, shipped: 1, cancelled: 2 });
    expect(now.byState).toEqual(
      [
        { state: 'Maharashtra', gmvPaise: a.totals.totalPaise + c.totals.totalPaise + d.totals.totalPaise, orders: 3 },
        { state: 'Karnataka', gmvPaise: b.totals.totalPaise, orders: 1 },
      ].sort((x, y) => y.gmvPaise - x.gmvPaise),
    );
    // Items sold: cancelled orders' items were cancelled, so only A (two units) and B count.
    const sold = [p1!.price_paise * 2, p2!.price_paise];
    expect(now.byCategory.reduce((n, x) => n + x.salesPaise, 0)).toBe(sold[0]! + sold[1]!);
    expect(now.byCategory.reduce((n, x) => n + x.units, 0)).toBe(3);
    expect(now.byVendor.reduce((n, x) => n + x.salesPaise, 0)).toBe(sold[0]! + sold[1]!);
    expect(now.byVendor.every((v) => v.name.length > 0)).toBe(true);
    expect(now.cartConversion.measured).toBe(false);
    expect(now.attention.lateToShip).toBe(1);

    // Today alone beside yesterday, and a custom range holding only the old order.
    const today = await dashboard('range=today');
    expect(today.period).toEqual({ from: indiaDay(0), to: indiaDay(0), days: 1 });
    expect(today.previousPeriod).toEqual({ from: indiaDay(-1), to: indiaDay(-1), days: 1 });
    expect(today.current.gmvPaise).toBe(gmv);
    expect(today.previous.gmvPaise).toBe(0);
    const custom = await dashboard(`range=custom&from=${indiaDay(-9)}&to=${indiaDay(-8)}`);
    expect(custom.period).toEqual({ from: indiaDay(-9), to: indiaDay(-8), days: 2 });
    expect(custom.previousPeriod).toEqual({ from: indiaDay(-11), to: indiaDay(-10), days: 2 });
    expect(custom.current).toMatchObject({ gmvPaise: old.totals.totalPaise, orders: 1, newCustomers: 1 });
    expect(custom.daily).toHaveLength(2);

    // This month: from its first day to today, beside as many days before it.
    const month = await dashboard('range=month');
    expect(month.period.from).toBe(`${indiaDay(0).slice(0, 8)}01`);
    expect(month.period.to).toBe(indiaDay(0));
    expect(month.previousPeriod.days).toBe(month.period.days);
    expect(month.current.gmvPaise).toBeGreaterThanOrEqual(gmv);
  });

  it('counts a refund given this week for an order of last week among this week’s refunds given, and among last week’s orders’ refunds', async () => {
    const before = await dashboard('range=7d');
    const [p] = await kit.productsUnder(40_000_00, 1);
    const shopper = await kit.customerWithAddress(kit.PUNE, 'Meera Kulkarni');
    const order = await paid(shopper.cookie, {
      items: [{ productId: p!.id, quantity: 1 }],
      delivery: 'standard',
      addressId: shopper.addressId,
      paymentMethod: 'upi',
    });
    await kit.db().execute(sql`update orders set order_date = now() - interval '9 days' where id = ${order.id}`);
    const cancelled = await json(
      kit.t.app,
      'POST',
      `/api/orders/${order.id}/cancel`,
      { reason: 'Ordered the wrong model' },
      shopper.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const after = await dashboard('range=7d');
    // The money went back today: this week's refunds given.
    expect(after.current.refundsGivenPaise - before.current.refundsGivenPaise).toBe(order.totals.totalPaise);
    expect(after.current.refundsGiven - before.current.refundsGiven).toBe(1);
    expect(after.current.refundsPaise).toBe(before.current.refundsPaise);
    // The order was placed last week: its refund counts against last week's orders and net revenue.
    expect(after.previous.refundsPaise - before.previous.refundsPaise).toBe(order.totals.totalPaise);
    expect(after.previous.refundsGivenPaise).toBe(before.previous.refundsGivenPaise);
  });

  it('counts what needs attention: vendors to approve, returns, failed and stuck payments, low stock, unanswered messages', async () => {
    const base = (await dashboard('range=today')).attention;

    await signUpVendor(kit.t, 'Panvel Pending Peripherals');
    const [p1, p2, p3] = await kit.productsUnder(40_000_00, 3);
    const { cookie, addressId } = await kit.customerWithAddress();
    const order = (p: typeof p1, paymentMethod: string) =>
      kit.placed(cookie, { items: [{ productId: p!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod });
    // A card payment declined: the order still waits for payment, its payment failed.
    const declined = (await order(p1, 'card')).order;
    const back = await kit.payOnGateway(cookie, declined.id, kit.CARD('4000000000000002'));
    await kit.t.app.inject({ method: 'GET', url: back });
    // A card payment started an hour ago and never answered: stuck.
    const waiting = (await order(p2, 'card')).order;
    await kit.db().execute(sql`update payments set created_at = now() - interval '1 hour' where order_id = ${waiting.id}`);
    // A return asked for.
    const returned = (await order(p3, 'cod')).order;
    await kit.db().execute(sql`update orders set status = 'return_requested', return_requested_at = now() where id = ${returned.id}`);
    // A product running low, and a message nobody has answered.
    await kit.setStock(p3!.id, 3);
    await json(kit.t.app, 'POST', '/api/contact', {
      name: 'Meera Kulkarni',
      email: uniqueEmail('meera'),
      topic: 'Other',
      message: 'Do you deliver to Ratnagiri?',
    });

    const after = (await dashboard('range=today')).attention;
    expect(after).toEqual({
      vendorsPending: base.vendorsPending + 1,
      lateToShip: base.lateToShip,
      returnsWaiting: base.returnsWaiting + 1,
      paymentsFailed: base.paymentsFailed + 1,
      paymentsStuck: base.paymentsStuck + 1,
      lowStock: base.lowStock + 1,
      unansweredMessages: base.unansweredMessages + 1,
    });
  });

  it('refuses a custom range that ends before it starts, is longer than 366 days, or lacks its days, with field errors', async () => {
    const bad = async (query: string) => {
      const res = await json(kit.t.app, 'GET', `/api/admin/dashboard?${query}`, undefined, admin);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as { code: string; fields: Record<string, string> };
    };
    const reversed = await bad(`range=custom&from=${indiaDay(-1)}&to=${indiaDay(-5)}`);
    expect(reversed.code).toBe('VALIDATION');
    expect(reversed.fields.to).toBe('The last day must be on or after the first day');
    expect((await bad(`range=custom&from=${indiaDay(-366)}&to=${indiaDay(0)}`)).fields.from).toBe('A range can cover at most 366 days');
    expect((await bad('range=custom')).fields).toMatchObject({
      from: 'Choose the first day of the range',
      to: 'Choose the last day of the range',
    });
    expect((await bad(`range=custom&from=${indiaDay(0)}&to=${indiaDay(2)}`)).fields.to).toBe('The last day cannot be after today');
    expect((await bad('range=custom&from=2026-02-30&to=2026-03-01')).fields.from).toBe('Not a date');
    expect((await bad('range=year')).fields.range).toBeDefined();
    // Exactly 366 days is accepted.
    expect((await dashboard(`range=custom&from=${indiaDay(-365)}&to=${indiaDay(0)}`)).period.days).toBe(366);
  });

  it('is for admins only: 401 for a visitor, 403 for a customer and a vendor', async () => {
    expect((await json(kit.t.app, 'GET', '/api/admin/dashboard?range=7d')).statusCode).toBe(401);
    const customer = await signUpCustomer(kit.t);
    expect((await json(kit.t.app, 'GET', '/api/admin/dashboard?range=7d', undefined, customer.cookie)).statusCode).toBe(403);
    const vendor = await signUpVendor(kit.t);
    expect((await json(kit.t.app, 'GET', '/api/admin/dashboard?range=7d', undefined, vendor.cookie)).statusCode).toBe(403);
  });
});
