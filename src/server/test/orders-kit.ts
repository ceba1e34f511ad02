import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OrderDetail, PlaceOrderResponse } from '~/shared/schemas/orders';
import { createTestApp, json, registerCustomer, type TestApp } from './test-app';
import { seedDemoCatalogueForTests } from './catalogue-fixture';

/**
 * A test app with the demo catalogue for the order tests, and what they do over and over: a
 * customer with an address, a product of their own, placing and paying an order, counting e-mails,
 * sending signed webhooks. Call it at the top of a test file (it registers beforeAll/afterAll).
 */
export function useOrdersTestApp() {
  const kit = { t: undefined as unknown as TestApp };

  const WEBHOOK_SECRET = 'webhook-secret-for-order-tests';

  beforeAll(async () => {
    kit.t = await createTestApp({
      PUBLIC_FORM_LIMIT_PER_HOUR: 100_000,
      TEST_GATEWAY_KEY_SECRET: 'key-secret-for-order-tests',
      TEST_GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    await seedDemoCatalogueForTests(kit.t.services);
  }, 120_000);
  afterAll(() => kit.t.close());

  const db = () => kit.t.services.database.db;
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
  async function productsUnder(maxPaise: number, count: number, opts: { anotherSellerFree?: boolean } = {}): Promise<Product[]> {
    // `anotherSellerFree`: only products some other approved seller does not offer yet, for tests that add its offer.
    const free = opts.anotherSellerFree
      ? sql`and exists (select 1 from vendors v where v.status = 'approved' and v.id <> products.vendor_id
                          and not exists (select 1 from offers o where o.vendor_id = v.id and o.variant_id = products.id))`
      : sql``;
    const candidates = await rows<Product & Record<string, unknown>>(sql`
      select id, price_paise, stock, vendor_id, category from products
       where status = 'active' and vendor_active and price_paise <= ${maxPaise} ${free} order by id`);
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
    const cookie = await registerCustomer(kit.t.app, name);
    const res = await json(kit.t.app, 'POST', '/api/addresses', address, cookie);
    expect(res.statusCode).toBe(201);
    return { cookie, addressId: (res.json() as { address: { id: string } }).address.id };
  }

  function place(cookie: string, body: object, key: string | null = randomUUID()) {
    return kit.t.app.inject({
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
    const res = await json(kit.t.app, 'GET', `/api/orders/${id}`, undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: OrderDetail }).order;
  }

  /** Starts paying and pays on the test gateway's page; returns where the gateway sends the browser back. */
  async function payOnGateway(cookie: string, orderId: string, fields: Record<string, string>): Promise<string> {
    const start = await json(kit.t.app, 'POST', `/api/orders/${orderId}/payment`, undefined, cookie);
    expect(start.statusCode, start.body).toBe(200);
    const checkout = (start.json() as { checkout: { kind: string; url: string } }).checkout;
    expect(checkout.kind).toBe('hosted-page');
    const url = new URL(checkout.url);
    const returnUrl = url.searchParams.get('return_url')!;
    const res = await kit.t.app.inject({
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
  const CARD = (number: string) => ({
    method: 'card',
    card_number: number,
    card_expiry: '12/40',
    card_cvv: '123',
    card_name: 'Aditi Joshi',
  });

  async function mails(template: string, orderNumber: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_messages where template = ${template} and data->>'orderNumber' = ${orderNumber}`,
    );
    return row!.n;
  }

  /** The bank account a cash-on-delivery refund is transferred to, as an admin records it (no such refund is made without one). */
  const REFUND_ACCOUNT = {
    holderName: 'Aditi Joshi',
    accountNumber: '50100123456789',
    confirmAccountNumber: '50100123456789',
    ifsc: 'HDFC0001234',
  };
  async function recordRefundAccount(orderId: string, adminCookie: string) {
    const res = await json(kit.t.app, 'PUT', `/api/admin/orders/${orderId}/refund-account`, REFUND_ACCOUNT, adminCookie);
    if (res.statusCode !== 200) throw new Error(`recording the refund account: ${res.statusCode} ${res.body}`);
  }

  function signedWebhook(payload: string, eventId: string, signature = createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex')) {
    return kit.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
      payload,
    });
  }

  return Object.assign(kit, {
    db,
    rows,
    productsUnder,
    stockOf,
    setStock,
    PUNE,
    BENGALURU,
    PORT_BLAIR,
    customerWithAddress,
    place,
    placed,
    getOrder,
    payOnGateway,
    UPI_OK,
    CARD,
    mails,
    signedWebhook,
    WEBHOOK_SECRET,
    REFUND_ACCOUNT,
    recordRefundAccount,
  });
}
