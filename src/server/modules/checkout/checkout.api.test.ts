import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderResponse, QuoteResponse } from '~/shared/schemas/orders';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json, registerCustomer } from '../../test/test-app';

const kit = useOrdersTestApp();
const { db, rows, productsUnder, stockOf, setStock, PUNE, BENGALURU, PORT_BLAIR, customerWithAddress, place, placed, mails } = kit;

describe('quote', () => {
  it('prices the cart from the database with CGST + SGST in the seller’s state and IGST elsewhere, HSN codes, COD and EMI', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const body = { items: [{ productId: product!.id, quantity: 1, pricePaise: 1 }], addressId, delivery: 'standard' };
    const res = await json(kit.t.app, 'POST', '/api/orders/quote', body, cookie);
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

    const far = await json(kit.t.app, 'POST', '/api/addresses', BENGALURU, cookie);
    const inter = (
      await json(kit.t.app, 'POST', '/api/orders/quote', { ...body, addressId: far.json().address.id }, cookie)
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
        kit.t.app,
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
      await json(kit.t.app, 'POST', '/api/orders/quote', { items: [{ productId: product!.id, quantity: 1 }], couponCode: 'NOSUCH' }, cookie)
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
    const stranger = await registerCustomer(kit.t.app, 'Someone Else');
    for (const [method, url] of [
      ['GET', `/api/orders/${order.id}`],
      ['POST', `/api/orders/${order.id}/payment`],
      ['GET', `/api/orders/${order.id}/invoice.pdf`],
    ] as const) {
      expect((await json(kit.t.app, method, url, undefined, stranger)).statusCode, url).toBe(404);
    }
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Not mine' }, stranger)).statusCode).toBe(404);
    expect((await json(kit.t.app, 'GET', '/api/orders')).statusCode).toBe(401);
    expect((await json(kit.t.app, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(401);
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
    const first = (await json(kit.t.app, 'GET', '/api/orders?pageSize=2', undefined, cookie)).json();
    expect(first.total).toBe(3);
    expect(first.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[2], numbers[1]]);
    const second = (await json(kit.t.app, 'GET', '/api/orders?pageSize=2&page=2', undefined, cookie)).json();
    expect(second.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[0]]);
    expect((await json(kit.t.app, 'GET', '/api/orders?page=0', undefined, cookie)).statusCode).toBe(400);
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
    expect(
      (await json(kit.t.app, 'POST', `/api/orders/${first.order.id}/cancel`, { reason: 'Ordered by mistake' }, cookie)).statusCode,
    ).toBe(200);
    expect((await place(cookie, body)).statusCode).toBe(201);
  });
});
