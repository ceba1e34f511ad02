import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentsResponse, AdminRefundsResponse } from '~/shared/schemas/payments';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { seedDemoOrders } from '../../ops/seed/orders/seed-orders';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { addAddress, createTestApp, json, registerCustomer, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
/** The order a declined card left unpaid, and the order not paid for at all. */
let declinedOrder: { id: string; orderNumber: string };
let unpaidOrder: { id: string; orderNumber: string };

const db = () => t.services.database.db;
async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute<T>(query)).rows as T[];
}

async function list(query = '', cookie = adminCookie) {
  const res = await json(t.app, 'GET', `/api/admin/payments${query}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPaymentsResponse;
}

/** Places an order for one cheap product through the API as a new customer. */
async function placeOrder(cookie: string, paymentMethod: 'card' | 'cod') {
  const addressId = await addAddress(t.app, cookie);
  const [product] = await rows<{ id: string }>(
    sql`select id from products where status = 'active' and vendor_active and price_paise <= 45000000 order by price_paise limit 1`,
  );
  await db().execute(sql`update products set stock = stock + 5 where id = ${product!.id}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod,
    },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: { id: string; orderNumber: string } }).order;
}

/** Pays on the test gateway's page with a card that is declined, and comes back to the shop. */
async function declineCard(cookie: string, orderId: string) {
  const start = await json(t.app, 'POST', `/api/orders/${orderId}/payment`, undefined, cookie);
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL((start.json() as { checkout: { url: string } }).checkout.url);
  const fields = { method: 'card', card_number: '4000000000000002', card_expiry: '12/40', card_cvv: '123', card_name: 'Aditi Joshi' };
  const pay = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, return_url: url.searchParams.get('return_url')! }).toString(),
  });
  expect(pay.statusCode, pay.body).toBe(303);
  const back = new URL(pay.headers.location as string, 'http://localhost');
  await t.app.inject({ method: 'GET', url: back.pathname + back.search });
}

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
    TEST_GATEWAY_KEY_SECRET: 'key-secret-for-admin-payment-tests',
    TEST_GATEWAY_WEBHOOK_SECRET: 'webhook-secret-for-admin-payment-tests',
  });
  await seedDemoCatalogueForTests(t.services);
  await t.services.authService.registerAccount(DEMO_ACCOUNTS.customer, 'customer', null);
  await seedDemoOrders(t.services);

  // An admin with two-step sign-in set up, as every admin must have before the admin API answers.
  adminCookie = (await signInAdmin(t)).cookie;

  // Live orders beside the seeded history: a declined card, an order left unpaid, cash on delivery.
  customerCookie = await registerCustomer(t.app, 'Aditi Joshi');
  declinedOrder = await placeOrder(customerCookie, 'card');
  await declineCard(customerCookie, declinedOrder.id);
  unpaidOrder = await placeOrder(customerCookie, 'card');
  await placeOrder(customerCookie, 'cod');
}, 120_000);
afterAll(() => t.close());

describe('GET /api/admin/payments', () => {
  it('asks a visitor to sign in and refuses a customer', async () => {
    const visitor = await json(t.app, 'GET', '/api/admin/payments');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');
    const customer = await json(t.app, 'GET', '/api/admin/payments', undefined, customerCookie);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('FORBIDDEN');
  });

  it('lists every payment newest first, with its order and customer, a page at a time', async () => {
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from payments`)) as [{ n: number }];
    const first = await list('?pageSize=10');
    expect(first).toMatchObject({ total: n, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = await list('?page=2&pageSize=10');
    const all = [...first.items, ...second.items];
    const times = all.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.map((p) => p.paymentId)).size).toBe(20);

    const declined = first.items.find((p) => p.orderNumber === declinedOrder.orderNumber);
    expect(declined).toMatchObject({
      orderId: declinedOrder.id,
      orderStatus: 'pending_payment',
      customerName: 'Aditi Joshi',
      method: 'card',
      status: 'failed',
      provider: 'test-gateway',
      attempts: 1,
      errorDescription: expect.stringMatching(/declined/i),
      refunds: [],
    });
    const seeded = all.find((p) => p.customerEmail === DEMO_ACCOUNTS.customer.email);
    expect(seeded?.customerName).toBe(DEMO_ACCOUNTS.customer.name);
  });

  it('narrows by status, by method and by order number or e-mail', async () => {
    const refunded = await list('?status=refunded&pageSize=100');
    expect(refunded.total).toBeGreaterThan(0);
    expect(refunded.items.every((p) => p.status === 'refunded')).toBe(true);
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from payments where status = 'refunded'`)) as [{ n: number }];
    expect(refunded.total).toBe(n);

    const cod = await list('?method=cod&pageSize=100');
    expect(cod.total).toBeGreaterThan(0);
    expect(cod.items.every((p) => p.method === 'cod' && p.provider === 'cod')).toBe(true);
    const both = await list('?method=cod&status=captured&pageSize=100');
    expect(both.total).toBeLessThan(cod.total);
    expect(both.items.every((p) => p.method === 'cod' && p.status === 'captured')).toBe(true);

    const byNumber = await list(`?q=${encodeURIComponent(` ${unpaidOrder.orderNumber.toLowerCase()} `)}`);
    expect(byNumber.items.map((p) => p.orderId)).toEqual([unpaidOrder.id]);
    expect(byNumber.items[0]).toMatchObject({ status: 'created', orderStatus: 'pending_payment' });

    const byEmail = await list(`?q=${encodeURIComponent(DEMO_ACCOUNTS.customer.email.toUpperCase())}&pageSize=100`);
    expect(byEmail.total).toBeGreaterThanOrEqual(8);
    expect(byEmail.items.every((p) => p.customerEmail === DEMO_ACCOUNTS.customer.email)).toBe(true);

    const none = await list('?q=nobody-by-this-name%25');
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(none.summary).toMatchObject({ capturedPaise: 0, refundedPaise: 0, netPaise: 0, capturedCount: 0 });
  });

  it('nests each payment’s refunds', async () => {
    const refunded = await list('?status=refunded&pageSize=100');
    for (const p of refunded.items) {
      expect(p.refunds.length).toBeGreaterThan(0);
      expect(p.refunds.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(p.amountRefundedPaise);
      for (const r of p.refunds)
        expect(r).toMatchObject({ id: expect.any(String), reason: expect.any(String), status: expect.any(String) });
    }
    const [row] = await rows<{ payment_id: string; n: number }>(
      sql`select payment_id, count(*)::int as n from refunds group by payment_id order by payment_id limit 1`,
    );
    const all = await list('?pageSize=100');
    expect(all.items.find((p) => p.paymentId === row!.payment_id)?.refunds).toHaveLength(row!.n);
  });

  it('sums the money over the filtered payments, as the database does', async () => {
    interface Sums extends Record<string, unknown> {
      captured: number;
      refunded: number;
      captured_count: number;
      failed_count: number;
      not_paid_count: number;
      not_paid_cod_count: number;
      cod_to_collect: number;
      stuck_count: number;
    }
    const sums = async (where: ReturnType<typeof sql>) => {
      const [s] = await rows<Sums>(sql`
        select coalesce(sum(p.amount_paise) filter (where p.captured_at is not null), 0)::int as captured,
               coalesce(sum(p.amount_refunded_paise), 0)::int as refunded,
               (count(*) filter (where p.captured_at is not null))::int as captured_count,
               (count(*) filter (where p.status = 'failed'))::int as failed_count,
               (count(*) filter (where p.status = 'created'))::int as not_paid_count,
               (count(*) filter (where p.status = 'created' and p.method = 'cod'))::int as not_paid_cod_count,
               coalesce(sum(p.amount_paise) filter (where p.method = 'cod' and p.status = 'created' and o.status <> 'cancelled'), 0)::int
                 as cod_to_collect,
               (count(*) filter (where p.status in ('created', 'authorized') and p.method <> 'cod'
                                   and p.created_at < now() - interval '30 minutes'))::int as stuck_count
          from payments p join orders o on o.id = p.order_id
         where ${where}`);
      return {
        capturedPaise: s!.captured,
        refundedPaise: s!.refunded,
        netPaise: s!.captured - s!.refunded,
        capturedCount: s!.captured_count,
        failedCount: s!.failed_count,
        notPaidCount: s!.not_paid_count,
        notPaidCodCount: s!.not_paid_cod_count,
        codToCollectPaise: s!.cod_to_collect,
        stuckCount: s!.stuck_count,
      };
    };
    const everything = await list();
    expect(everything.summary).toEqual(await sums(sql`true`));
    expect(everything.summary.failedCount).toBeGreaterThanOrEqual(1);
    expect(everything.summary.notPaidCount).toBeGreaterThan(everything.summary.notPaidCodCount);
    expect(everything.summary.notPaidCodCount).toBeGreaterThanOrEqual(1);
    expect(everything.summary.codToCollectPaise).toBeGreaterThan(0);
    expect(everything.summary.refundedPaise).toBeGreaterThan(0);

    expect((await list('?method=upi')).summary).toEqual(await sums(sql`p.method = 'upi'`));
    expect((await list('?status=refunded')).summary).toEqual(await sums(sql`p.status = 'refunded'`));
  });

  it('counts on the Not paid yet card the payments its filter lists, cash on delivery and online alike', async () => {
    const everything = (await list('?pageSize=1')).summary;
    const notPaid = await list('?status=created&pageSize=1');
    expect(notPaid.total).toBe(everything.notPaidCount);
    expect(notPaid.summary.notPaidCount).toBe(notPaid.total);
    expect((await list('?status=created&method=cod&pageSize=1')).total).toBe(everything.notPaidCodCount);
    // Cash on delivery is in the list's Not paid yet, so it is on the card too (the old card counted online checkouts only).
    expect(everything.notPaidCodCount).toBeGreaterThanOrEqual(1);
    const byCard = (await list('?method=card&pageSize=1')).summary;
    expect((await list('?status=created&method=card&pageSize=1')).total).toBe(byCard.notPaidCount);
  });

  it('sorts by amount either way, the filters still applying', async () => {
    const up = await list('?sort=amount&pageSize=100');
    const amounts = up.items.map((p) => p.amountPaise);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const down = await list('?sort=-amount&method=cod&pageSize=100');
    expect(down.items.every((p) => p.method === 'cod')).toBe(true);
    const codAmounts = down.items.map((p) => p.amountPaise);
    expect(codAmounts).toEqual([...codAmounts].sort((a, b) => b - a));
    expect(down.summary).toEqual((await list('?method=cod&pageSize=100')).summary);
  });

  it('refuses a bad query with the reason for each field', async () => {
    const cases: [query: string, field: string, reason: RegExp][] = [
      ['?page=0', 'page', /starts at 1/],
      ['?pageSize=1000', 'pageSize', /At most 100/],
      ['?status=bogus', 'status', /Status must be one of/],
      ['?method=cheque', 'method', /Method must be one of/],
      [`?q=${'x'.repeat(101)}`, 'q', /at most 100/],
    ];
    for (const [query, field, reason] of cases) {
      const res = await json(t.app, 'GET', `/api/admin/payments${query}`, undefined, adminCookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION');
      expect(res.json().error.fields[field], query).toMatch(reason);
    }
    const badSort = await json(t.app, 'GET', '/api/admin/payments?sort=customer', undefined, adminCookie);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.fields.sort).toMatch(/Sort by one of createdAt, -createdAt, amount, -amount/);
    const unknown = await json(t.app, 'GET', '/api/admin/payments?order=amount', undefined, adminCookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.order).toMatch(/not an accepted field/);
  });
});

describe('payments that need someone: failed and stuck', () => {
  it('lists failed payments, and online payments neither captured nor failed 30 minutes on, but not cash on delivery', async () => {
    const failed = await list('?problem=failed&pageSize=100');
    expect(failed.items.map((p) => p.orderId)).toContain(declinedOrder.id);
    expect(failed.items.every((p) => p.status === 'failed')).toBe(true);

    // The unpaid card order is stuck only once 30 minutes have passed without an answer.
    expect((await list('?problem=stuck&pageSize=100')).items.map((p) => p.orderId)).not.toContain(unpaidOrder.id);
    await db().execute(sql`update payments set created_at = now() - interval '31 minutes' where order_id = ${unpaidOrder.id}`);
    const cod = await placeOrder(customerCookie, 'cod');
    await db().execute(sql`update payments set created_at = now() - interval '2 hours' where order_id = ${cod.id}`);
    const stuck = await list('?problem=stuck&pageSize=100');
    expect(stuck.items.map((p) => p.orderId)).toContain(unpaidOrder.id);
    expect(stuck.items.map((p) => p.orderId)).not.toContain(cod.id);
    expect(stuck.items.every((p) => ['created', 'authorized'].includes(p.status) && p.method !== 'cod')).toBe(true);
    expect(stuck.summary.stuckCount).toBe(stuck.total);
    expect((await list()).summary.stuckCount).toBe(stuck.total);

    const bad = await json(t.app, 'GET', '/api/admin/payments?problem=late', undefined, adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.problem).toMatch(/failed or stuck/);
  });
});

describe('GET /api/admin/refunds', () => {
  const refundsList = async (query = '') => {
    const res = await json(t.app, 'GET', `/api/admin/refunds${query}`, undefined, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminRefundsResponse;
  };

  it('asks a visitor to sign in and refuses a customer and a vendor', async () => {
    expect((await json(t.app, 'GET', '/api/admin/refunds')).statusCode).toBe(401);
    expect((await json(t.app, 'GET', '/api/admin/refunds', undefined, customerCookie)).statusCode).toBe(403);
    const vendor = await signUpVendor(t);
    expect((await json(t.app, 'GET', '/api/admin/refunds', undefined, vendor.cookie)).statusCode).toBe(403);
  });

  it('lists every refund newest first with its order, amount, status and provider reference, and sums them', async () => {
    const expected = await rows<{
      id: string;
      order_id: string;
      order_number: string;
      amount_paise: number;
      status: string;
      provider_refund_id: string | null;
    }>(sql`
      select r.id, r.order_id, o.order_number, r.amount_paise, r.status, r.provider_refund_id
        from refunds r join orders o on o.id = r.order_id order by r.created_at desc, r.id desc`);
    expect(expected.length).toBeGreaterThan(0);
    const all = await refundsList('?pageSize=100');
    expect(all.total).toBe(expected.length);
    expect(all.items.map((r) => r.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
    expect(all.items[0]).toMatchObject({
      orderId: expected[0]!.order_id,
      orderNumber: expected[0]!.order_number,
      amountPaise: expected[0]!.amount_paise,
      status: expected[0]!.status,
      providerRefundId: expected[0]!.provider_refund_id,
    });
    expect(all.summary.amountPaise).toBe(expected.reduce((sum, r) => sum + r.amount_paise, 0));

    const one = await refundsList(`?q=${expected[0]!.order_number}`);
    expect(one.items.every((r) => r.orderNumber === expected[0]!.order_number)).toBe(true);
    const processed = await refundsList('?status=processed&pageSize=100');
    expect(processed.items.every((r) => r.status === 'processed')).toBe(true);
    expect(processed.total).toBe(expected.filter((r) => r.status === 'processed').length);

    const bad = await json(t.app, 'GET', '/api/admin/refunds?status=done&pageSize=0', undefined, adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['pageSize', 'status']);
  });
});
