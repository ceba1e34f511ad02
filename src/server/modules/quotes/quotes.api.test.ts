import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Business } from '~/shared/schemas/business';
import type { CartCheckResponse } from '~/shared/schemas/cart';
import type { QuoteResponse } from '~/shared/schemas/orders';
import type { Quote, VendorQuote } from '~/shared/schemas/quotes';
import { productFormValues, type OwnProduct } from '~/shared/schemas/vendor-products';
import { newGstin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';

/**
 * Quantity limits and quotes for quantity (decision 77): a product's limits hold in the cart's check, the quote and
 * the order, a business's higher than a consumer's; a customer asks the seller for a price on more, the seller
 * answers (or declines) from its own list only, and the customer pays an answered, unexpired quote once, at its price.
 */
const kit = useOrdersTestApp();
const { rows, db, customerWithAddress, place, placed } = kit;

const PUNE_OFFICE = { line1: 'Office 501, Business Bay', line2: 'Yerawada', city: 'Pune', state: 'Maharashtra', pinCode: '411006' };

async function vendorOf(vendorId: string): Promise<string> {
  for (const account of [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor]) {
    const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().user.vendor.id === vendorId) return cookieFrom(res);
  }
  throw new Error(`no demo vendor account for ${vendorId}`);
}
async function otherVendorThan(vendorId: string): Promise<string> {
  for (const account of [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor]) {
    const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
    if (res.json().user.vendor.id !== vendorId) return cookieFrom(res);
  }
  throw new Error('no other demo vendor');
}

const taken = new Set<string>();
/** A product of a demo vendor's own (one of the three demo vendor accounts), with `stock` units and the limits given. */
async function limitedProduct(limits: { consumer: number | null; business: number | null }, stock = 500) {
  const vendors = await rows<{ id: string }>(sql`
    select v.id from vendors v join users u on u.id = v.user_id
     where u.email in (${DEMO_ACCOUNTS.shopVendor.email}, ${DEMO_ACCOUNTS.approvedVendor.email}, ${DEMO_ACCOUNTS.khargharVendor.email})`);
  const candidates = await rows<{ id: string; vendor_id: string }>(sql`
    select id, vendor_id from products where status = 'active' and vendor_active and price_paise <= 9000000
       and vendor_id = any(${`{${vendors.map((v) => v.id).join(',')}}`}::text[]) order by id`);
  const product = candidates.find((p) => !taken.has(p.id));
  if (!product) throw new Error('no product of a demo vendor left');
  taken.add(product.id);
  await db().execute(sql`update products set stock = ${stock}, max_consumer_quantity = ${limits.consumer},
                           max_business_quantity = ${limits.business} where id = ${product.id}`);
  const [row] = await rows<{ mrp_paise: number; price_paise: number }>(
    sql`select pv.mrp_paise, o.price_paise from offers o join product_variants pv on pv.id = o.variant_id where o.id = ${product.id}`,
  );
  return { ...product, mrpPaise: row!.mrp_paise, pricePaise: row!.price_paise };
}

async function withBusiness() {
  const customer = await customerWithAddress(kit.PUNE, 'Rahul Patil');
  const res = await json(
    kit.t.app,
    'POST',
    '/api/businesses',
    { gstin: newGstin('27'), legalName: 'Deccan Data Systems Pvt Ltd', ...PUNE_OFFICE },
    customer.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...customer, business: (res.json() as { business: Business }).business };
}

const order = (addressId: string, productId: string, quantity: number, extra: object = {}) => ({
  items: [{ productId, quantity }],
  addressId,
  delivery: 'standard',
  paymentMethod: 'upi',
  ...extra,
});

async function askQuote(cookie: string, body: object): Promise<Quote> {
  const res = await json(kit.t.app, 'POST', '/api/quotes', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { quote: Quote }).quote;
}
async function answer(vendorCookie: string, quoteId: string, body: object) {
  return json(kit.t.app, 'POST', `/api/vendor/quotes/${quoteId}/answer`, body, vendorCookie);
}

describe('quantity limits', () => {
  it('hold for a consumer and, higher, for a business in the cart check, the quote and the order, naming the line and the limit', async () => {
    const product = await limitedProduct({ consumer: 5, business: 50 });
    const { cookie, addressId, business } = await withBusiness();

    const check = await json(kit.t.app, 'POST', '/api/cart/check', {
      items: [{ productId: product.id, quantity: 6, pricePaise: product.pricePaise }],
    });
    expect(check.statusCode, check.body).toBe(200);
    const [line] = (check.json() as CartCheckResponse).lines;
    expect(line).toMatchObject({ status: 'quantity_reduced', availableQuantity: 5, limits: { consumer: 5, business: 50 } });
    expect(line!.limitMessage).toMatch(/^You can buy up to 5 of .+ in one order \(businesses up to 50\)\. For more, request a quote/);
    const asBusiness = await json(kit.t.app, 'POST', '/api/cart/check', {
      asBusiness: true,
      items: [{ productId: product.id, quantity: 6, pricePaise: product.pricePaise }],
    });
    expect((asBusiness.json() as CartCheckResponse).lines[0]).toMatchObject({ status: 'ok', limits: { consumer: 5, business: 50 } });

    const quote = (
      await json(kit.t.app, 'POST', '/api/orders/quote', { items: [{ productId: product.id, quantity: 6 }], addressId }, cookie)
    ).json() as QuoteResponse;
    expect(quote.lines).toEqual([]);
    expect(quote.problems[0]).toMatchObject({ productId: product.id, available: 5, message: expect.stringMatching(/up to 5 of/) });

    const consumer = await place(cookie, order(addressId, product.id, 6));
    expect(consumer.statusCode).toBe(409);
    expect(consumer.json().error.fields['items.0']).toMatch(/You can buy up to 5 of .+ in one order/);
    expect((await place(cookie, order(addressId, product.id, 5))).statusCode).toBe(201);

    const tooMany = await place(cookie, order(addressId, product.id, 51, { businessId: business.id }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.fields['items.0']).toMatch(/A business can buy up to 50 of .+ in one order/);
    const bought = await placed(cookie, order(addressId, product.id, 50, { businessId: business.id }));
    expect(bought.order.items[0]!.quantity).toBe(50);
  });

  it('default to 100 for a consumer and 200 for a business, and are shown on the product page', async () => {
    const product = await limitedProduct({ consumer: null, business: null });
    const page = await json(kit.t.app, 'GET', `/api/catalogue/products/${product.id}`);
    expect(page.json().product.quantityLimits).toEqual({ consumer: 100, business: 200 });
    const { cookie, addressId, business } = await withBusiness();
    expect((await place(cookie, order(addressId, product.id, 101))).statusCode).toBe(409);
    expect((await place(cookie, order(addressId, product.id, 200, { businessId: business.id }))).statusCode).toBe(201);
  });

  it('are set by the seller in the product form, a business’s never below a consumer’s', async () => {
    const product = await limitedProduct({ consumer: null, business: null });
    const vendor = await vendorOf(product.vendor_id);
    const own = (await json(kit.t.app, 'GET', `/api/vendor/products/${product.id}`, undefined, vendor)).json().product as OwnProduct;
    expect(own).toMatchObject({ maxConsumerQuantity: null, maxBusinessQuantity: null });
    const form = productFormValues(own);
    const save = (limits: object) => json(kit.t.app, 'PUT', `/api/vendor/products/${product.id}`, { ...form, ...limits }, vendor);

    const below = await save({ maxConsumerQuantity: '10', maxBusinessQuantity: '5' });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields.maxBusinessQuantity).toMatch(/At least the limit per order \(10\)/);
    const saved = await save({ maxConsumerQuantity: '10', maxBusinessQuantity: '60' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ maxConsumerQuantity: 10, maxBusinessQuantity: 60 });
    const page = await json(kit.t.app, 'GET', `/api/catalogue/products/${product.id}`);
    expect(page.json().product.quantityLimits).toEqual({ consumer: 10, business: 60 });
    // A form of before (without the fields) keeps them; empty fields go back to the shop's defaults.
    const { maxConsumerQuantity: _c, maxBusinessQuantity: _b, ...older } = form;
    expect((await json(kit.t.app, 'PUT', `/api/vendor/products/${product.id}`, older, vendor)).json().product).toMatchObject({
      maxConsumerQuantity: 10,
    });
    expect((await save({ maxConsumerQuantity: '', maxBusinessQuantity: '' })).json().product).toMatchObject({
      maxConsumerQuantity: null,
      maxBusinessQuantity: null,
    });
  });
});

describe('quotes for quantity', () => {
  it('go from requested to answered to ordered: the seller is e-mailed and answers from its own list, the order pays the quoted price once', async () => {
    const product = await limitedProduct({ consumer: 5, business: 50 });
    const { cookie, addressId, business } = await withBusiness();
    const vendor = await vendorOf(product.vendor_id);

    const asked = await askQuote(cookie, { productId: product.id, quantity: 60, businessId: business.id, note: 'For our Wakad office' });
    expect(asked).toMatchObject({
      status: 'requested',
      quantity: 60,
      business: { gstin: business.gstin },
      listPricePaise: product.pricePaise,
    });
    const [mail] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_messages where template = 'quote_requested' and data->>'productName' = ${asked.productName}`,
    );
    expect(mail!.n).toBeGreaterThan(0);

    const list = await json(kit.t.app, 'GET', '/api/vendor/quotes?status=requested', undefined, vendor);
    expect(list.statusCode, list.body).toBe(200);
    const seen = (list.json() as { items: VendorQuote[]; requestedCount: number }).items.find((q) => q.id === asked.id);
    expect(seen).toMatchObject({ customerName: 'Rahul Patil', status: 'requested' });

    // Paying before the answer is refused.
    const early = await place(cookie, order(addressId, product.id, 60, { businessId: business.id, quoteId: asked.id }));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fields.quoteId).toMatch(/not answered this quote yet/);

    const aboveMrp = await answer(vendor, asked.id, { unitPricePaise: product.mrpPaise + 100, validDays: 7 });
    expect(aboveMrp.statusCode).toBe(400);
    expect(aboveMrp.json().error.fields.unitPricePaise).toMatch(/At most the MRP/);
    expect((await answer(vendor, asked.id, { unitPricePaise: product.pricePaise, validDays: 31 })).json().error.fields.validDays).toMatch(
      /Between 1 and 30/,
    );
    const quotedPrice = product.pricePaise - 2_000_00;
    const answered = await answer(vendor, asked.id, { unitPricePaise: quotedPrice, validDays: 7, note: 'Delivered in two lots' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().quote).toMatchObject({ status: 'answered', unitPricePaise: quotedPrice, validDays: 7 });
    const [audit] = await rows<{ action: string; vendor_id: string }>(
      sql`select action, vendor_id from audit_log where entity_id = ${asked.id} order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'quote.answer', vendor_id: product.vendor_id });
    const [answeredMail] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_messages where template = 'quote_answered' and data->>'productName' = ${asked.productName}`,
    );
    expect(answeredMail!.n).toBe(1);

    const mine = (await json(kit.t.app, 'GET', '/api/quotes', undefined, cookie)).json() as { items: Quote[] };
    expect(mine.items[0]).toMatchObject({ id: asked.id, status: 'answered', unitPricePaise: quotedPrice, validUntil: expect.any(String) });

    // The quote must be paid as asked: its quantity, its business, no coupon.
    const wrongQuantity = await place(cookie, order(addressId, product.id, 59, { businessId: business.id, quoteId: asked.id }));
    expect(wrongQuantity.statusCode).toBe(400);
    expect(wrongQuantity.json().error.fields.items).toMatch(/60 of the product/);
    const noBusiness = await place(cookie, order(addressId, product.id, 60, { quoteId: asked.id }));
    expect(noBusiness.json().error.fields.businessId).toMatch(/business it was asked for/);

    const priced = (
      await json(
        kit.t.app,
        'POST',
        '/api/orders/quote',
        { items: [{ productId: product.id, quantity: 60 }], addressId, businessId: business.id, quoteId: asked.id },
        cookie,
      )
    ).json() as QuoteResponse;
    expect(priced.problems).toEqual([]);
    expect(priced.lines[0]).toMatchObject({ quantity: 60, unitPricePaise: quotedPrice });
    expect(priced.totals.subtotalPaise).toBe(60 * quotedPrice);

    // The client's price is never read: the line is the quote's.
    const bought = await placed(cookie, {
      ...order(addressId, product.id, 60, { businessId: business.id, quoteId: asked.id }),
      items: [{ productId: product.id, quantity: 60, unitPricePaise: 1 }],
    });
    expect(bought.order.items[0]).toMatchObject({ quantity: 60, unitPricePaise: quotedPrice });
    expect(bought.order.business?.gstin).toBe(business.gstin);
    const [stock] = await rows<{ stock: number }>(sql`select stock from offers where id = ${product.id}`);
    expect(stock!.stock).toBe(440);

    const after = (await json(kit.t.app, 'GET', `/api/quotes/${asked.id}`, undefined, cookie)).json().quote as Quote;
    expect(after).toMatchObject({ status: 'ordered', orderId: bought.order.id });
    const again = await place(cookie, order(addressId, product.id, 60, { businessId: business.id, quoteId: asked.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.quoteId).toMatch(/already used/);
    expect((await answer(vendor, asked.id, { unitPricePaise: quotedPrice, validDays: 3 })).statusCode).toBe(409);
  });

  it('is used once under concurrent placements: one order, the other refused, the stock taken once', async () => {
    const product = await limitedProduct({ consumer: 2, business: 2 }, 100);
    const { cookie, addressId } = await customerWithAddress(kit.PUNE, 'Sneha Kulkarni');
    const vendor = await vendorOf(product.vendor_id);
    const asked = await askQuote(cookie, { productId: product.id, quantity: 10 });
    expect((await answer(vendor, asked.id, { unitPricePaise: product.pricePaise - 100_00, validDays: 2 })).statusCode).toBe(200);

    const body = order(addressId, product.id, 10, { quoteId: asked.id });
    const results = await Promise.all(Array.from({ length: 4 }, () => place(cookie, body, randomUUID())));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) expect(refused.json().error.fields.quoteId).toMatch(/already used/);
    const [stock] = await rows<{ stock: number }>(sql`select stock from offers where id = ${product.id}`);
    expect(stock!.stock).toBe(90);
    const [orders] = await rows<{ n: number }>(
      sql`select count(*)::int as n from order_items where product_id = ${product.id} and quantity = 10`,
    );
    expect(orders!.n).toBe(1);
  });

  it('expired is shown so and refused at checkout; a declined one says why; stock is still checked', async () => {
    const product = await limitedProduct({ consumer: 1, business: 1 }, 30);
    const { cookie, addressId } = await customerWithAddress(kit.PUNE, 'Vikram Shinde');
    const vendor = await vendorOf(product.vendor_id);

    const first = await askQuote(cookie, { productId: product.id, quantity: 20 });
    expect((await answer(vendor, first.id, { unitPricePaise: product.pricePaise, validDays: 1 })).statusCode).toBe(200);
    await db().execute(sql`update quote_requests set valid_until = now() - interval '1 minute' where id = ${first.id}`);
    expect(((await json(kit.t.app, 'GET', `/api/quotes/${first.id}`, undefined, cookie)).json().quote as Quote).status).toBe('expired');
    const expiredList = (await json(kit.t.app, 'GET', '/api/vendor/quotes?status=expired', undefined, vendor)).json() as {
      items: VendorQuote[];
    };
    expect(expiredList.items.map((q) => q.id)).toContain(first.id);
    const expired = await place(cookie, order(addressId, product.id, 20, { quoteId: first.id }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.fields.quoteId).toMatch(/expired on .+ Ask the seller for a new one/);

    const second = await askQuote(cookie, { productId: product.id, quantity: 25 });
    const declined = await json(
      kit.t.app,
      'POST',
      `/api/vendor/quotes/${second.id}/decline`,
      { reason: 'Only 30 left this month' },
      vendor,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await json(kit.t.app, 'GET', `/api/quotes/${second.id}`, undefined, cookie)).json().quote as Quote).toMatchObject({
      status: 'declined',
      declineReason: 'Only 30 left this month',
    });
    expect((await place(cookie, order(addressId, product.id, 25, { quoteId: second.id }))).json().error.fields.quoteId).toMatch(/declined/);

    const third = await askQuote(cookie, { productId: product.id, quantity: 40 });
    expect((await answer(vendor, third.id, { unitPricePaise: product.pricePaise, validDays: 5 })).statusCode).toBe(200);
    const short = await place(cookie, order(addressId, product.id, 40, { quoteId: third.id }));
    expect(short.statusCode).toBe(409);
    expect(short.json().error.fields['items.0']).toMatch(/Only 30 of .+ left in stock/);
    expect(((await json(kit.t.app, 'GET', `/api/quotes/${third.id}`, undefined, cookie)).json().quote as Quote).status).toBe('answered');
  });

  it('are another vendor’s 404 on every seller route, and another customer’s 404; a quote of a product off sale is refused', async () => {
    const product = await limitedProduct({ consumer: 5, business: 50 });
    const { cookie } = await customerWithAddress(kit.PUNE, 'Meera Joshi');
    const asked = await askQuote(cookie, { productId: product.id, quantity: 10 });
    const other = await otherVendorThan(product.vendor_id);

    expect((await json(kit.t.app, 'GET', `/api/vendor/quotes/${asked.id}`, undefined, other)).statusCode).toBe(404);
    expect((await answer(other, asked.id, { unitPricePaise: product.pricePaise, validDays: 5 })).statusCode).toBe(404);
    expect((await json(kit.t.app, 'POST', `/api/vendor/quotes/${asked.id}/decline`, { reason: 'Not ours' }, other)).statusCode).toBe(404);
    const list = (await json(kit.t.app, 'GET', '/api/vendor/quotes', undefined, other)).json() as { items: VendorQuote[] };
    expect(list.items.map((q) => q.id)).not.toContain(asked.id);

    const stranger = await customerWithAddress(kit.PUNE, 'Rohan Mehta');
    expect((await json(kit.t.app, 'GET', `/api/quotes/${asked.id}`, undefined, stranger.cookie)).statusCode).toBe(404);
    const theirs = await place(stranger.cookie, order(stranger.addressId, product.id, 10, { quoteId: asked.id }));
    expect(theirs.statusCode).toBe(404);
    expect((await json(kit.t.app, 'GET', '/api/quotes', undefined, stranger.cookie)).json().items).toEqual([]);

    expect((await json(kit.t.app, 'GET', '/api/vendor/quotes', undefined, cookie)).statusCode).toBe(403);
    expect((await json(kit.t.app, 'POST', '/api/quotes', { productId: product.id, quantity: 10 })).statusCode).toBe(401);
    const badBusiness = await json(
      kit.t.app,
      'POST',
      '/api/quotes',
      { productId: product.id, quantity: 10, businessId: 'bus_nope' },
      cookie,
    );
    expect(badBusiness.statusCode).toBe(404);
    expect(badBusiness.json().error.fields.businessId).toBeDefined();
    const tooMany = await json(kit.t.app, 'POST', '/api/quotes', { productId: product.id, quantity: 1001 }, cookie);
    expect(tooMany.statusCode).toBe(400);
    await db().execute(sql`update offers set status = 'paused' where id = ${product.id}`);
    expect((await json(kit.t.app, 'POST', '/api/quotes', { productId: product.id, quantity: 10 }, cookie)).statusCode).toBe(404);
    await db().execute(sql`update offers set status = 'active' where id = ${product.id}`);
  });
});
