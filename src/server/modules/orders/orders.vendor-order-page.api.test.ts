import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vendorOrderDetailResponseSchema, type VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { packWithSerials } from '../../test/serials-kit';
import { cookieFrom, json } from '../../test/test-app';

/** GET /api/vendor/orders/{id}: one of the vendor's orders on its own page. */

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

/** An order of two units of vendor A's product and one of vendor B's, paid as asked. */
async function sharedOrder(paymentMethod: 'cod' | 'upi') {
  const candidates = await rows<{ id: string; name: string; price_paise: number; vendor_id: string }>(sql`
    select id, name, price_paise, vendor_id from products where status = 'active' and vendor_active and price_paise <= 2000000 order by price_paise, id`);
  const a = candidates[0]!;
  const b = candidates.find((p) => p.vendor_id !== a.vendor_id)!;
  for (const p of [a, b]) await kit.setStock(p.id, 50);
  const signedIn = await Promise.all(
    [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(signInVendor),
  );
  const { cookie, addressId } = await customerWithAddress(PUNE, 'Kavya Nair');
  const { order } = await placed(cookie, {
    items: [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ],
    addressId,
    delivery: 'standard',
    paymentMethod,
  });
  if (paymentMethod === 'upi') await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  return {
    order: await kit.getOrder(cookie, order.id),
    customer: cookie,
    a,
    b,
    vendorA: signedIn.find((v) => v.vendorId === a.vendor_id)!,
    vendorB: signedIn.find((v) => v.vendorId === b.vendor_id)!,
    other: signedIn.find((v) => v.vendorId !== a.vendor_id && v.vendorId !== b.vendor_id)!,
  };
}

const page = (cookie: string | undefined, orderId: string) => json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}`, undefined, cookie);
async function vendorPage(cookie: string, orderId: string): Promise<VendorOrderDetail> {
  const res = await page(cookie, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return vendorOrderDetailResponseSchema.parse(res.json()).order;
}
const step = async (cookie: string, orderId: string, action: string, body?: object) => {
  // Packing enters a serial for each unit, as the seller centre does (decision 72).
  const res =
    action === 'pack' && body === undefined
      ? await packWithSerials(kit.t.app, cookie, orderId)
      : await json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/${action}`, body, cookie);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
};

describe('GET /api/vendor/orders/{id}', () => {
  it("shows the vendor its own lines, the whole address with the mobile, and the payment, and none of another seller's lines or money", async () => {
    const { order, a, b, vendorA, vendorB } = await sharedOrder('upi');
    const mine = await vendorPage(vendorA.cookie, order.id);
    expect(mine).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'placed',
      paymentMethod: 'upi',
      payment: { method: 'upi', status: 'captured' },
      deliverTo: {
        fullName: 'Aditi Joshi',
        mobile: '+919822012345',
        line1: PUNE.line1,
        line2: PUNE.line2,
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: PUNE.pinCode,
      },
      lines: [{ productId: a.id, name: a.name, quantity: 2, unitPricePaise: a.price_paise, lineTotalPaise: 2 * a.price_paise }],
      itemCount: 2,
      amountPaise: 2 * a.price_paise,
      shipment: null,
      packedAt: null,
    });
    expect(mine.timeline.map((e) => e.kind)).toEqual(['placed', 'paid']);
    // Nothing of vendor B's: not its product, not its price, not the order's total.
    const body = JSON.stringify(mine);
    expect(body).not.toContain(b.id);
    expect(body).not.toContain(b.name);
    expect(body).not.toContain(`:${order.totals.totalPaise},`);
    expect((await vendorPage(vendorB.cookie, order.id)).lines.map((l) => l.productId)).toEqual([b.id]);
  });

  it("answers 404 for another vendor's order, a made-up id and an order still waiting for payment", async () => {
    const { order, other } = await sharedOrder('cod');
    for (const id of [order.id, 'ord_made_up_0001']) {
      const res = await page(other.cookie, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find this order among your orders.' });
    }
    const unpaid = await sharedOrder('cod');
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const waiting = await placed(cookie, {
      items: [{ productId: unpaid.a.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect((await page(unpaid.vendorA.cookie, waiting.order.id)).statusCode).toBe(404);
  });

  it('asks a visitor to sign in, and refuses a customer (even the one who ordered) and an admin', async () => {
    const { order, customer } = await sharedOrder('cod');
    expect((await page(undefined, order.id)).statusCode).toBe(401);
    for (const cookie of [customer, (await signUpCustomer(kit.t)).cookie, (await signInAdmin(kit.t)).cookie]) {
      const res = await page(cookie, order.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("follows the vendor's steps on its timeline: packed, shipped with the tracking link, delivered, cancelled items on a credit note", async () => {
    const { order, vendorA, vendorB } = await sharedOrder('cod');
    const lineB = order.items.find((i) => i.sellerName !== order.items[0]!.sellerName)!;
    await step(vendorB.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'The last unit was damaged',
    });
    await step(vendorA.cookie, order.id, 'pack');
    await step(vendorA.cookie, order.id, 'ship', {
      carrier: 'Blue Dart',
      trackingNumber: 'BD1234567',
      trackingUrl: 'https://www.bluedart.com/track?awb=BD1234567',
    });
    await step(vendorA.cookie, order.id, 'deliver');
    const mine = await vendorPage(vendorA.cookie, order.id);
    expect(mine.shipment).toMatchObject({
      carrier: 'Blue Dart',
      trackingNumber: 'BD1234567',
      trackingUrl: 'https://www.bluedart.com/track?awb=BD1234567',
      status: 'delivered',
      deliveredAt: expect.any(String),
    });
    expect(mine.timeline.map((e) => e.kind)).toEqual(['placed', 'packed', 'shipped', 'delivered']);
    expect(mine.timeline[2]!.message).toBe('Your items were shipped with Blue Dart, tracking number BD1234567.');
    // Vendor B cancelled its only item: that credit note is B's business, and the order delivered with A's parcel.
    const theirs = await vendorPage(vendorB.cookie, order.id);
    expect(theirs.timeline.map((e) => e.kind)).toEqual(['placed', 'credit_note']);
    expect(theirs.timeline[1]!.message).toContain(`1 × ${lineB.name}`);
    expect(theirs.timeline[1]!.message).toContain('The last unit was damaged');
  });
});

/** What Chromium sends when a person opens a link in a tab. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

describe('a packing slip link opened in the browser', () => {
  const open = (url: string, cookie: string | undefined, accept?: string) =>
    kit.t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) } });

  it("answers another seller's slip with a page that says it was not found and leads back to the orders; API callers keep the JSON", async () => {
    const { order, other, vendorA } = await sharedOrder('cod');
    const url = `/api/vendor/orders/${order.id}/packing-slip`;
    const page = await open(url, other.cookie, BROWSER_ACCEPT);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Not found</h1>');
    expect(page.body).toContain('We could not find this order among your orders.');
    expect(page.body).toContain('<a class="button" href="/vendor/orders">Your orders</a>');
    expect(page.body).not.toContain('<script');
    for (const accept of [undefined, 'application/json', '*/*', 'text/html, application/json']) {
      const res = await open(url, other.cookie, accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // The seller's own slip is the PDF, as before.
    const own = await open(url, vendorA.cookie, BROWSER_ACCEPT);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
  });

  it('asks a person whose session ended to sign in to the seller centre', async () => {
    const page = await open('/api/vendor/orders/ord_x/packing-slip', undefined, BROWSER_ACCEPT);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('<h1>Please sign in</h1>');
    expect(page.body).toContain('<a class="button" href="/vendor/login">Sign in</a>');
  });
});
