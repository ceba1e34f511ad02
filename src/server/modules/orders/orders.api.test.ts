import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, PlaceOrderResponse, QuoteResponse } from '~/shared/schemas/orders';
import { cookieFrom, createTestApp, json, registerCustomer, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test/test-app';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';

const WEBHOOK_SECRET = 'webhook-secret-for-order-tests';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
    TEST_GATEWAY_KEY_SECRET: 'key-secret-for-order-tests',
    TEST_GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  await seedDemoCatalogueForTests(t.services);
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;
async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db().execute<T>(query)).rows as T[];
}

interface Product {
  id: string;
  price_paise: number;
  stock: number;
  vendor_id: string;
  category: string;
}
const taken = new Set<string>();
/**
 * Products on sale under a price, each handed to one test only and given 20 in stock, so tests never
 * share a product whatever order they run in or however they change stock.
 */
async function productsUnder(maxPaise: number, count: number): Promise<Product[]> {
  const candidates = await rows<Product & Record<string, unknown>>(sql`
    select id, price_paise, stock, vendor_id, category from products
     where status = 'active' and vendor_active and price_paise <= ${maxPaise} order by id`);
  const mine = candidates.filter((p) => !taken.has(p.id)).slice(0, count);
  if (mine.length < count) throw new Error('the test catalogue has too few products for these tests');
  for (const p of mine) {
    taken.add(p.id);
    await setStock(p.id, 20);
    p.stock = 20;
  }
  return mine;
}
async function stockOf(id: string): Promise<number> {
  const [row] = await rows<{ stock: number }>(sql`select stock from products where id = ${id}`);
  return row!.stock;
}
async function setStock(id: string, stock: number) {
  await db().execute(sql`update products set stock = ${stock} where id = ${id}`);
}

const PUNE = {
  fullName: 'Aditi Joshi',
  mobile: '9822012345',
  line1: 'Flat 12, Sai Residency',
  line2: 'Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411045',
};
const BENGALURU = {
  fullName: 'Aditi Joshi',
  mobile: '9822012345',
  line1: '44 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
};
const PORT_BLAIR = {
  fullName: 'Aditi Joshi',
  mobile: '9822012345',
  line1: 'Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  pinCode: '744101',
};

async function customerWithAddress(address: object = PUNE, name = 'Aditi Joshi') {
  const cookie = await registerCustomer(t.app, name);
  const res = await json(t.app, 'POST', '/api/addresses', address, cookie);
  expect(res.statusCode).toBe(201);
  return { cookie, addressId: (res.json() as { address: { id: string } }).address.id };
}

function place(cookie: string, body: object, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: body as Record<string, unknown>,
    headers: { cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
  });
}

async function placed(cookie: string, body: object): Promise<PlaceOrderResponse> {
  const res = await place(cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PlaceOrderResponse;
}

async function getOrder(cookie: string, id: string): Promise<OrderDetail> {
  const res = await json(t.app, 'GET', `/api/orders/${id}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: OrderDetail }).order;
}

/** Starts paying and pays on the test gateway's page; returns where the gateway sends the browser back. */
async function payOnGateway(cookie: string, orderId: string, fields: Record<string, string>): Promise<string> {
  const start = await json(t.app, 'POST', `/api/orders/${orderId}/payment`, undefined, cookie);
  expect(start.statusCode, start.body).toBe(200);
  const checkout = (start.json() as { checkout: { kind: string; url: string } }).checkout;
  expect(checkout.kind).toBe('hosted-page');
  const url = new URL(checkout.url);
  const returnUrl = url.searchParams.get('return_url')!;
  const res = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, return_url: returnUrl }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  const back = new URL(res.headers.location as string, 'http://localhost:3000');
  return back.pathname + back.search;
}
const UPI_OK = { method: 'upi', vpa: 'success@razorpay' };
const CARD = (number: string) => ({ method: 'card', card_number: number, card_expiry: '12/40', card_cvv: '123', card_name: 'Aditi Joshi' });

async function mails(template: string, orderNumber: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from mail_messages where template = ${template} and data->>'orderNumber' = ${orderNumber}`,
  );
  return row!.n;
}

function signedWebhook(payload: string, eventId: string, signature = createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex')) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    payload,
  });
}

describe('quote', () => {
  it('prices the cart from the database with CGST + SGST in the seller’s state and IGST elsewhere, HSN codes, COD and EMI', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const body = { items: [{ productId: product!.id, quantity: 1, pricePaise: 1 }], addressId, delivery: 'standard' };
    const res = await json(t.app, 'POST', '/api/orders/quote', body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json() as QuoteResponse;
    expect(quote.totals.subtotalPaise).toBe(product!.price_paise);
    expect(quote.lines[0]!.hsnCode).toMatch(/^\d{4,8}$/);
    const sellerState = quote.lines[0]!.sellerState;
    expect(quote.intraState).toBe(sellerState === 'Maharashtra');
    const gst = quote.totals.cgstPaise + quote.totals.sgstPaise + quote.totals.igstPaise;
    expect(gst).toBe(quote.totals.gstPaise);
    expect(Math.abs(gst - Math.round(product!.price_paise - product!.price_paise / 1.18))).toBeLessThanOrEqual(1);
    expect(quote.cod.allowed).toBe(true);
    expect(quote.emiPlans.map((p) => p.months)).toContain(6);
    expect(quote.deliveryChoices.map((c) => c.option)).toEqual(['standard', 'express']);

    const far = await json(t.app, 'POST', '/api/addresses', BENGALURU, cookie);
    const inter = (
      await json(t.app, 'POST', '/api/orders/quote', { ...body, addressId: far.json().address.id }, cookie)
    ).json() as QuoteResponse;
    expect(inter.intraState).toBe(sellerState === 'Karnataka');
    if (sellerState !== 'Karnataka') expect(inter.totals.igstPaise).toBe(gst);
  });

  it('says why a coupon does not apply and why cash on delivery is not offered', async () => {
    await db().execute(
      sql`insert into coupons (code, description, kind, value, min_order_paise) values ('QUOTEMIN', 'Test', 'flat', 50000, 500000000)`,
    );
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress(PORT_BLAIR);
    const quote = (
      await json(
        t.app,
        'POST',
        '/api/orders/quote',
        { items: [{ productId: product!.id, quantity: 1 }], addressId, couponCode: 'quotemin' },
        cookie,
      )
    ).json() as QuoteResponse;
    expect(quote.coupon).toBeNull();
    expect(quote.couponError).toMatch(/needs an order of at least/);
    expect(quote.cod).toEqual({ allowed: false, reason: expect.stringMatching(/744101/) });
    const unknown = (
      await json(t.app, 'POST', '/api/orders/quote', { items: [{ productId: product!.id, quantity: 1 }], couponCode: 'NOSUCH' }, cookie)
    ).json() as QuoteResponse;
    expect(unknown.couponError).toMatch(/There is no coupon NOSUCH/);
  });
});

describe('placing an order', () => {
  it('places a cash-on-delivery order from database prices only, takes the stock, writes the timeline and the e-mail', async () => {
    const [a, b] = await productsUnder(15_000_00, 2);
    const { cookie, addressId } = await customerWithAddress();
    const before = [await stockOf(a!.id), await stockOf(b!.id)];
    const { order, paymentRequired } = await placed(cookie, {
      items: [
        { productId: a!.id, quantity: 1, pricePaise: 100, name: 'cheap' },
        { productId: b!.id, quantity: 2 },
      ],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
      totalPaise: 1,
      discountPaise: 999_999,
    });
    expect(paymentRequired).toBe(false);
    expect(order.status).toBe('placed');
    expect(order.orderNumber).toMatch(/^SC-\d{6}$/);
    const subtotal = a!.price_paise + 2 * b!.price_paise;
    expect(order.totals.subtotalPaise).toBe(subtotal);
    expect(order.totals.discountPaise).toBe(0);
    expect(order.totals.totalPaise).toBe(subtotal + order.totals.shippingPaise);
    expect(order.items.map((i) => i.quantity)).toEqual([1, 2]);
    expect(order.payment).toMatchObject({ provider: 'cod', status: 'created', amountPaise: order.totals.totalPaise });
    expect(order.invoice?.number).toBe(`INV-${order.orderNumber}`);
    expect(order.actions).toMatchObject({ canCancel: true, canPay: false, canRequestReturn: false });
    expect(order.timeline[0]).toMatchObject({ kind: 'placed', actorRole: 'customer' });
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([before[0]! - 1, before[1]! - 2]);
    expect(await mails('order_placed', order.orderNumber)).toBe(1);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const base = { addressId, delivery: 'standard', paymentMethod: 'cod' };
    for (const quantity of [0, -1, 1.5, 1e9, '1']) {
      const res = await place(cookie, { ...base, items: [{ productId: product!.id, quantity }] });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(['items.0.quantity']);
    }
    expect((await place(cookie, { ...base, items: [{ productId: product!.id, quantity: 1 }] }, null)).json().error.fields).toHaveProperty(
      'Idempotency-Key',
    );
    expect((await place(cookie, { ...base, items: [{ productId: product!.id, quantity: 1 }] }, 'short')).statusCode).toBe(400);
    expect((await place(cookie, { ...base, items: [] })).statusCode).toBe(400);
    expect(
      (await place(cookie, { ...base, paymentMethod: 'bitcoin', items: [{ productId: product!.id, quantity: 1 }] })).json().error.fields,
    ).toHaveProperty('paymentMethod');
    expect(
      (await place(cookie, { ...base, paymentMethod: 'emi', items: [{ productId: product!.id, quantity: 1 }] })).json().error.fields,
    ).toHaveProperty('emiTenureMonths');
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.name = 'Bad Input'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses drafts, hidden products and another customer’s address, leaving every stock as it was', async () => {
    const [ok] = await productsUnder(45_000_00, 1);
    const [draft] = await rows<{ id: string }>(sql`select id from products where status <> 'active' limit 1`);
    const { cookie, addressId } = await customerWithAddress();
    const other = await customerWithAddress();
    const before = await stockOf(ok!.id);

    const res = await place(cookie, {
      items: [
        { productId: ok!.id, quantity: 1 },
        { productId: draft!.id, quantity: 1 },
      ],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/no longer for sale/);
    expect(res.json().error.fields).toHaveProperty(['items.1']);
    expect(await stockOf(ok!.id)).toBe(before);

    const unknown = await place(cookie, {
      items: [{ productId: 'prd_doesnotexist', quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(unknown.statusCode).toBe(409);

    const foreign = await place(cookie, {
      items: [{ productId: ok!.id, quantity: 1 }],
      addressId: other.addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.fields).toHaveProperty('addressId');
    expect(await stockOf(ok!.id)).toBe(before);
  });

  it('refuses cash on delivery above ₹50,000 or where couriers do not collect cash, and EMI below ₹3,000', async () => {
    const [dear] = await rows<{ id: string }>(
      sql`select id from products where status = 'active' and vendor_active and stock > 0 and price_paise > 5000000 limit 1`,
    );
    const [cheap] = await productsUnder(45_000_00, 1);
    const pune = await customerWithAddress();
    const island = await customerWithAddress(PORT_BLAIR);
    const over = await place(pune.cookie, {
      items: [{ productId: dear!.id, quantity: 1 }],
      addressId: pune.addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.paymentMethod).toMatch(/up to ₹50,000/);
    const remote = await place(island.cookie, {
      items: [{ productId: cheap!.id, quantity: 1 }],
      addressId: island.addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect(remote.statusCode).toBe(400);
    expect(remote.json().error.fields.paymentMethod).toMatch(/do not collect cash/);
  });

  it('another customer’s order is a 404, and signed-out callers get 401', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const owner = await customerWithAddress();
    const { order } = await placed(owner.cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId: owner.addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const stranger = await registerCustomer(t.app, 'Someone Else');
    for (const [method, url] of [
      ['GET', `/api/orders/${order.id}`],
      ['POST', `/api/orders/${order.id}/payment`],
      ['GET', `/api/orders/${order.id}/invoice.pdf`],
    ] as const) {
      expect((await json(t.app, method, url, undefined, stranger)).statusCode, url).toBe(404);
    }
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Not mine' }, stranger)).statusCode).toBe(404);
    expect((await json(t.app, 'GET', '/api/orders')).statusCode).toBe(401);
    expect((await json(t.app, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(401);
  });

  it('lists the customer’s orders newest first with pages', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      numbers.push(
        (await placed(cookie, { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' }))
          .order.orderNumber,
      );
    }
    const first = (await json(t.app, 'GET', '/api/orders?pageSize=2', undefined, cookie)).json();
    expect(first.total).toBe(3);
    expect(first.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[2], numbers[1]]);
    const second = (await json(t.app, 'GET', '/api/orders?pageSize=2&page=2', undefined, cookie)).json();
    expect(second.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[0]]);
    expect((await json(t.app, 'GET', '/api/orders?page=0', undefined, cookie)).statusCode).toBe(400);
  });
});

describe('under concurrency', () => {
  it('50 concurrent checkouts of a product with 5 in stock make exactly 5 orders and leave stock 0', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    await setStock(product!.id, 5);
    const { cookie, addressId } = await customerWithAddress();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        place(cookie, { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    expect(await stockOf(product!.id)).toBe(0);
    const [{ n }] = (await rows<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${product!.id}`,
    )) as [{ n: number }];
    expect(n).toBe(5);
  });

  it('the same idempotency key sent 10 times at once makes one order and the same answer each time', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const before = await stockOf(product!.id);
    const { cookie, addressId } = await customerWithAddress();
    const key = randomUUID();
    const body = { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'upi' };
    const results = await Promise.all(Array.from({ length: 10 }, () => place(cookie, body, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => (r.json() as PlaceOrderResponse).order.id));
    expect(ids.size).toBe(1);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await stockOf(product!.id)).toBe(before - 1);
    const other = await place(cookie, { ...body, delivery: 'express' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(/Idempotency-Key/);
  });

  it('a customer holds at most 5 unpaid orders at a time, even when asking for more at once', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const body = { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'upi' };
    const results = await Promise.all(Array.from({ length: 8 }, () => place(cookie, body)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.json().error.message).toMatch(/5 orders waiting for payment/);
    expect((await place(cookie, { ...body, paymentMethod: 'cod' })).statusCode).toBe(201);
  });

  it('a single-use coupon redeemed 20 times at once succeeds once', async () => {
    await db().execute(
      sql`insert into coupons (code, description, kind, value, usage_limit, per_customer_limit) values ('ONCEONLY', 'One use', 'flat', 50000, 1, 1)`,
    );
    const [product] = await productsUnder(45_000_00, 1);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => customerWithAddress(PUNE, `Buyer ${i + 1}`)));
    const results = await Promise.all(
      buyers.map((b) =>
        place(b.cookie, {
          items: [{ productId: product!.id, quantity: 1 }],
          addressId: b.addressId,
          delivery: 'standard',
          paymentMethod: 'cod',
          couponCode: 'onceonly',
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect((ok[0]!.json() as PlaceOrderResponse).order.totals.discountPaise).toBe(50000);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.fields.couponCode).toMatch(/fully used/);
    }
    const [coupon] = await rows<{ used_count: number }>(sql`select used_count from coupons where code = 'ONCEONLY'`);
    expect(coupon!.used_count).toBe(1);
  });

  it('one customer cannot use a once-per-customer coupon twice, and a cancelled order gives it back', async () => {
    await db().execute(
      sql`insert into coupons (code, description, kind, value, max_discount_paise, per_customer_limit) values ('PERCENT10', 'Ten', 'percent', 10, 100000, 1)`,
    );
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const body = {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
      couponCode: 'PERCENT10',
    };
    const first = await placed(cookie, body);
    expect(first.order.totals.discountPaise).toBe(Math.min(Math.floor(product!.price_paise / 10), 100000));
    const again = await place(cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.couponCode).toMatch(/already used/);
    expect((await json(t.app, 'POST', `/api/orders/${first.order.id}/cancel`, { reason: 'Ordered by mistake' }, cookie)).statusCode).toBe(
      200,
    );
    expect((await place(cookie, body)).statusCode).toBe(201);
  });
});

describe('paying online', () => {
  it('pays by UPI on the test gateway: the signed return confirms the order once, and the e-mails follow', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order, paymentRequired } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'express',
      paymentMethod: 'upi',
    });
    expect(paymentRequired).toBe(true);
    expect(order.status).toBe('pending_payment');
    expect(order.actions.canPay).toBe(true);
    expect(order.invoice).toBeNull();

    const back = await payOnGateway(cookie, order.id, UPI_OK);
    expect(back).toMatch(new RegExp(`^/api/payments/return/${order.id}\\?razorpay_payment_id=pay_`));
    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?order=${order.id}`);
    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment).toMatchObject({ status: 'captured', paidWith: 'upi', providerPaymentId: expect.stringMatching(/^pay_/) });
    expect(paid.invoice).not.toBeNull();
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    // The same return again (a reload) changes nothing.
    await t.app.inject({ method: 'GET', url: back });
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/payment`, undefined, cookie)).statusCode).toBe(409);
  });

  it('a declined card leaves the order unpaid with the reason, and a second attempt pays it', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'card',
    });
    const declined = await payOnGateway(cookie, order.id, CARD('4000000000000002'));
    const res = await t.app.inject({ method: 'GET', url: declined });
    expect(res.headers.location).toBe(`/order-success?order=${order.id}&payment=failed`);
    const failed = await getOrder(cookie, order.id);
    expect(failed.status).toBe('pending_payment');
    expect(failed.payment).toMatchObject({ status: 'failed', errorDescription: expect.stringMatching(/declined/) });
    expect(failed.timeline.some((e) => e.kind === 'payment_failed')).toBe(true);

    const ok = await payOnGateway(cookie, order.id, CARD('4111111111111111'));
    expect((await t.app.inject({ method: 'GET', url: ok })).headers.location).toBe(`/order-success?order=${order.id}`);
    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment.attempts).toBe(2);
  });

  it('a tampered signature or order id is refused and the order stays unpaid; the genuine form post then pays it', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    const back = new URL(await payOnGateway(cookie, order.id, UPI_OK), 'http://x');
    const tampered = new URL(back);
    tampered.searchParams.set('razorpay_signature', '0'.repeat(64));
    const res = await t.app.inject({ method: 'GET', url: tampered.pathname + tampered.search });
    expect(res.statusCode).toBe(400);
    const otherOrder = new URL(back);
    otherOrder.searchParams.set('razorpay_order_id', 'order_AAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: otherOrder.pathname + otherOrder.search })).statusCode).toBe(400);
    // Razorpay Checkout posts the callback from its own origin: the signature decides, not the origin.
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/payments/return/${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.razorpay.com' },
      payload: tampered.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().error.fields).toHaveProperty('razorpay_signature');
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/payments/return/${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.razorpay.com' },
      payload: back.searchParams.toString(),
    });
    expect(good.statusCode).toBe(303);
    expect((await getOrder(cookie, order.id)).status).toBe('placed');
  });

  it('the same webhook delivered 3 times, out of order, racing the browser callback, captures once', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    const back = await payOnGateway(cookie, order.id, UPI_OK);
    const deliveries = (await t.services.testGateway!.listWebhookDeliveries()).filter(
      (d) => d.payload.includes(order.orderNumber) || d.payload.includes(order.id),
    );
    const events = deliveries.filter((d) => d.event === 'payment.captured' || d.event === 'order.paid');
    expect(events.length).toBeGreaterThanOrEqual(1);
    const calls = [...events, ...events, ...events].map((d) => () => signedWebhook(d.payload, d.id));
    calls.push(() => t.app.inject({ method: 'GET', url: back }));
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((call) => call()));
    for (const r of results) expect([200, 303]).toContain(r.statusCode);

    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment.status).toBe('captured');
    expect(paid.timeline.filter((e) => e.kind === 'placed')).toHaveLength(1);
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    const statuses = results.filter((r) => r.statusCode === 200).map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'duplicate').length).toBe(events.length * 2);
  });

  it('refuses a webhook whose body was changed after signing (a tampered amount)', async () => {
    const payload = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_AAAAAAAAAAAAAA', amount: 100 } } },
    });
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex');
    const res = await signedWebhook(payload.replace('"amount":100', '"amount":1'), 'evt_tampered0001', signature);
    expect(res.statusCode).toBe(400);
    expect((await signedWebhook(payload, 'evt_nosig', 'nope')).statusCode).toBe(400);
    // A signed event the shop does not act on is acknowledged (the provider would retry a 4xx);
    // a signed body that is not JSON is refused.
    const dispute = JSON.stringify({ entity: 'event', event: 'payment.dispute.created', created_at: 1763700000, payload: {} });
    const ignored = await signedWebhook(dispute, 'evt_dispute00001');
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().status).toBe('ignored');
    expect((await signedWebhook('not json', 'evt_notjson00001')).statusCode).toBe(400);
  });
});

describe('after the order', () => {
  it('cancelling a paid order returns the stock and refunds the payment in full through the provider', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const before = await stockOf(product!.id);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    await t.app.inject({ method: 'GET', url: await payOnGateway(cookie, order.id, UPI_OK) });
    expect(await stockOf(product!.id)).toBe(before - 1);

    const res = await json(t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Found a better price' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = (res.json() as { order: OrderDetail }).order;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({ amountPaise: order.totals.totalPaise, providerRefundId: expect.stringMatching(/^rfnd_/) }),
    ]);
    expect(cancelled.actions.canCancel).toBe(false);
    expect(await stockOf(product!.id)).toBe(before);
    expect(await mails('order_cancelled', order.orderNumber)).toBe(1);
    const gateway = await t.services.paymentProvider.fetchPayment(cancelled.payment.providerPaymentId!);
    expect(gateway).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'again' }, cookie)).statusCode).toBe(409);
  });

  it('ships, delivers, takes a return request within 7 days, receives it and refunds it; a shipped order cannot be cancelled', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const adminEmail = uniqueEmail('admin');
    await t.services.authService.registerAccount({ name: 'Shop Admin', email: adminEmail, password: TEST_PASSWORD }, 'admin', null);
    const admin = cookieFrom(await json(t.app, 'POST', '/api/auth/login', { email: adminEmail, password: TEST_PASSWORD, portal: 'admin' }));
    expect(
      (await json(t.app, 'POST', `/api/admin/orders/${order.id}/ship`, { carrier: 'Blue Dart', trackingNumber: 'BD1234567' }, cookie))
        .statusCode,
    ).toBe(403);
    const shipped = await json(
      t.app,
      'POST',
      `/api/admin/orders/${order.id}/ship`,
      { carrier: 'Blue Dart', trackingNumber: 'BD1234567', trackingUrl: 'https://www.bluedart.com/track?BD1234567' },
      admin,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.shipments[0]).toMatchObject({ carrier: 'Blue Dart', trackingNumber: 'BD1234567', status: 'shipped' });
    expect(await mails('order_shipped', order.orderNumber)).toBe(1);
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Too slow' }, cookie)).json().error.message).toMatch(
      /shipped/,
    );
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'No longer needed' }, cookie)).statusCode).toBe(409);

    const delivered = (await json(t.app, 'POST', `/api/admin/orders/${order.id}/deliver`, undefined, admin)).json().order as OrderDetail;
    expect(delivered.status).toBe('delivered');
    expect(delivered.payment.status).toBe('captured');
    expect(delivered.actions.canRequestReturn).toBe(true);
    expect(await mails('order_delivered', order.orderNumber)).toBe(1);
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Because' }, cookie)).statusCode).toBe(400);
    const returned = await json(
      t.app,
      'POST',
      `/api/orders/${order.id}/return`,
      { reason: 'Damaged or defective on arrival', details: 'Screen cracked' },
      cookie,
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().order).toMatchObject({
      status: 'return_requested',
      returnReason: 'Damaged or defective on arrival: Screen cracked',
    });

    // The shop receives the return (stock back) and refunds it: cash on delivery by bank transfer.
    const stockBefore = await stockOf(product!.id);
    expect((await json(t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin)).statusCode).toBe(409);
    const received = await json(t.app, 'POST', `/api/admin/orders/${order.id}/return-received`, undefined, admin);
    expect(received.json().order.status).toBe('returned');
    expect(await stockOf(product!.id)).toBe(stockBefore + 1);
    const refunded = (await json(t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin)).json().order as OrderDetail;
    expect(refunded.status).toBe('refunded');
    expect(refunded.payment).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect(refunded.refunds).toEqual([expect.objectContaining({ amountPaise: order.totals.totalPaise, providerRefundId: null, status: 'processed' })]);
    expect(await mails('order_refunded', order.orderNumber)).toBe(1);
    expect((await json(t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin)).statusCode).toBe(409);

    // Past the window: a delivered order from 8 days ago.
    const late = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    await db().execute(sql`update orders set status = 'delivered', delivered_at = now() - interval '8 days' where id = ${late.order.id}`);
    const tooLate = await json(t.app, 'POST', `/api/orders/${late.order.id}/return`, { reason: 'No longer needed' }, cookie);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(/7-day return window/);
  });

  it('unpaid orders expire: stock and coupon come back, and a payment that arrives later is refunded', async () => {
    await db().execute(sql`insert into coupons (code, description, kind, value, usage_limit) values ('EXPIRYTEST', 'x', 'flat', 10000, 5)`);
    const [product] = await productsUnder(45_000_00, 1);
    const before = await stockOf(product!.id);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
      couponCode: 'EXPIRYTEST',
    });
    const back = await payOnGateway(cookie, order.id, UPI_OK); // paid at the gateway, but the shop hears of it late

    expect(await t.services.ordersService.expireUnpaid(new Date(Date.now() + 10 * 60_000))).toBe(0);
    expect(await t.services.ordersService.expireUnpaid(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const expired = await getOrder(cookie, order.id);
    expect(expired.status).toBe('cancelled');
    expect(expired.cancelReason).toMatch(/not completed in time/);
    expect(await stockOf(product!.id)).toBe(before);
    const [coupon] = await rows<{ used_count: number }>(sql`select used_count from coupons where code = 'EXPIRYTEST'`);
    expect(coupon!.used_count).toBe(0);
    expect(await mails('order_cancelled', order.orderNumber)).toBe(1);

    await t.app.inject({ method: 'GET', url: back });
    const refunded = await getOrder(cookie, order.id);
    expect(refunded.status).toBe('cancelled');
    expect(refunded.payment.status).toBe('refunded');
    expect(refunded.refunds[0]?.amountPaise).toBe(order.totals.totalPaise);
    expect((await json(t.app, 'POST', `/api/orders/${order.id}/payment`, undefined, cookie)).statusCode).toBe(409);
  });

  it('serves the GST invoice as a PDF once the order is confirmed', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const unpaid = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${unpaid.order.id}/invoice.pdf`, headers: { cookie } })).statusCode).toBe(
      409,
    );
  });
});
