import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

async function vendorOrders(cookie: string, query = '') {
  const res = await json(kit.t.app, 'GET', `/api/vendor/orders${query}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VendorOrdersResponse;
}

/**
 * A cheap product of each of two different demo vendors, given stock: the tests here count orders
 * and shipments, never stock, so they may share products.
 */
async function productsOfTwoVendors() {
  const candidates = await rows<{ id: string; price_paise: number; vendor_id: string }>(sql`
    select id, price_paise, vendor_id from products
     where status = 'active' and vendor_active and price_paise <= 1500000 order by price_paise, id`);
  const first = candidates[0]!;
  const second = candidates.find((p) => p.vendor_id !== first.vendor_id)!;
  expect(second).toBeDefined();
  for (const p of [first, second]) await kit.setStock(p.id, 20);
  return [first, second] as const;
}

describe('GET /api/vendor/orders', () => {
  it('asks a visitor to sign in, and refuses a customer and an admin', async () => {
    expect((await json(kit.t.app, 'GET', '/api/vendor/orders')).statusCode).toBe(401);
    for (const { cookie } of [await signUpCustomer(kit.t), await signInAdmin(kit.t)]) {
      const res = await json(kit.t.app, 'GET', '/api/vendor/orders', undefined, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("shows each vendor its own lines of a shared order, its share of the money and its own shipment, and never another vendor's", async () => {
    const [a, b] = await productsOfTwoVendors();
    const accounts = [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor];
    const signedIn = await Promise.all(accounts.map(signInVendor));
    const vendorA = signedIn.find((v) => v.vendorId === a.vendor_id)!;
    const vendorB = signedIn.find((v) => v.vendorId === b.vendor_id)!;
    const { cookie, addressId } = await customerWithAddress(PUNE, 'Kavya Nair');
    const { order } = await placed(cookie, {
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });

    const forA = (await vendorOrders(vendorA.cookie, `?q=${order.orderNumber}`)).items;
    expect(forA).toHaveLength(1);
    expect(forA[0]).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'placed',
      paymentMethod: 'cod',
      shipTo: { name: PUNE.fullName, city: 'Pune', state: 'Maharashtra', pinCode: PUNE.pinCode },
      lines: [{ productId: a.id, quantity: 2, lineTotalPaise: 2 * a.price_paise }],
      itemCount: 2,
      amountPaise: 2 * a.price_paise,
      // No coupon: nothing came off the seller's lines.
      couponSharePaise: 0,
      couponCode: null,
      shipment: null,
    });
    const forB = (await vendorOrders(vendorB.cookie, `?q=${order.orderNumber}`)).items;
    expect(forB.map((o) => o.lines.map((l) => l.productId))).toEqual([[b.id]]);
    expect(forB[0]!.amountPaise).toBe(b.price_paise);

    const admin = await signInAdmin(kit.t);
    const ship = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${order.id}/ship`,
      { carrier: 'Blue Dart', trackingNumber: 'BD12345678', vendorId: a.vendor_id },
      admin.cookie,
    );
    expect(ship.statusCode, ship.body).toBe(200);
    expect((await vendorOrders(vendorA.cookie, `?q=${order.orderNumber}`)).items[0]!.shipment).toEqual({
      carrier: 'Blue Dart',
      trackingNumber: 'BD12345678',
      status: 'shipped',
      returnCondition: null,
    });
    expect((await vendorOrders(vendorB.cookie, `?q=${order.orderNumber}`)).items[0]!.shipment).toBeNull();
  });

  it('leaves out orders still waiting for payment, and shows them once paid', async () => {
    const [a] = await productsOfTwoVendors();
    const vendor = (
      await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(signInVendor))
    ).find((v) => v.vendorId === a.vendor_id)!;
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const { order } = await placed(cookie, {
      items: [{ productId: a.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect((await vendorOrders(vendor.cookie, `?q=${order.orderNumber}`)).items).toEqual([]);
    const back = await kit.payOnGateway(cookie, order.id, kit.UPI_OK);
    await kit.t.app.inject({ method: 'GET', url: back });
    expect((await vendorOrders(vendor.cookie, `?q=${order.orderNumber}`)).items.map((o) => o.status)).toEqual(['placed']);
  });

  it('counts only orders holding the vendor’s products, as the database does, and sorts by amount', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const [{ n }] = (await rows<{ n: number }>(sql`
      select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id
       where i.vendor_id = ${vendor.vendorId} and exists (select 1 from order_events e where e.order_id = o.id and e.kind = 'placed')`)) as [
      { n: number },
    ];
    const all = await vendorOrders(vendor.cookie, '?pageSize=100&sort=amount');
    expect(all.total).toBe(n);
    const amounts = all.items.map((o) => o.amountPaise);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
  });

  it('a vendor awaiting approval has no orders; a vendor id in the query is refused', async () => {
    const pending = await signUpVendor(kit.t);
    expect(await vendorOrders(pending.cookie)).toMatchObject({ items: [], total: 0 });
    const res = await json(kit.t.app, 'GET', '/api/vendor/orders?vendorId=ven_other', undefined, pending.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.vendorId).toMatch(/not an accepted field/);
  });
});

describe('POST /api/vendor/orders/:orderId/ship', () => {
  async function sharedOrder() {
    const [a, b] = await productsOfTwoVendors();
    const signedIn = await Promise.all(
      [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(signInVendor),
    );
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const { order } = await placed(cookie, {
      items: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    return {
      order,
      customerCookie: cookie,
      vendorA: signedIn.find((v) => v.vendorId === a.vendor_id)!,
      vendorB: signedIn.find((v) => v.vendorId === b.vendor_id)!,
      other: signedIn.find((v) => v.vendorId !== a.vendor_id && v.vendorId !== b.vendor_id)!,
    };
  }
  const ship = (
    cookie: string,
    orderId: string,
    body: object = { carrier: 'Blue Dart', trackingNumber: 'BD99887766', trackingUrl: 'https://www.bluedart.com/tracking?awb=BD99887766' },
  ) => json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/ship`, body, cookie);

  it('ships only the vendor’s items; the customer sees the tracking, and the order is shipped once every seller has', async () => {
    const { order, customerCookie, vendorA, vendorB } = await sharedOrder();
    const first = await ship(vendorA.cookie, order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order).toMatchObject({
      id: order.id,
      status: 'partly_shipped',
      shipment: { carrier: 'Blue Dart', trackingNumber: 'BD99887766', status: 'shipped' },
    });
    expect(first.json().order.lines).toHaveLength(1);
    let seen = await kit.getOrder(customerCookie, order.id);
    expect(seen.status).toBe('partly_shipped');
    expect(seen.shipments).toEqual([
      expect.objectContaining({
        carrier: 'Blue Dart',
        trackingNumber: 'BD99887766',
        trackingUrl: 'https://www.bluedart.com/tracking?awb=BD99887766',
      }),
    ]);
    expect(seen.timeline.at(-1)).toMatchObject({ kind: 'shipment', actorRole: 'vendor' });
    expect(await kit.mails('order_shipped', order.orderNumber)).toBe(0);

    const second = await ship(vendorB.cookie, order.id, { carrier: 'Delhivery', trackingNumber: 'DL12345' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order).toMatchObject({ status: 'shipped', shipment: { carrier: 'Delhivery' } });
    seen = await kit.getOrder(customerCookie, order.id);
    expect(seen.status).toBe('shipped');
    expect(seen.shipments).toHaveLength(2);
    expect(await kit.mails('order_shipped', order.orderNumber)).toBe(1);
  });

  it('refuses to ship twice, and answers 404 for an order without the vendor’s products or one not paid yet', async () => {
    const { order, vendorA, other } = await sharedOrder();
    expect((await ship(vendorA.cookie, order.id)).statusCode).toBe(200);
    const again = await ship(vendorA.cookie, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your items of this order have been shipped already.');

    const foreign = await ship(other.cookie, order.id);
    expect(foreign.statusCode).toBe(404);
    expect(
      await rows(sql`select count(*)::int as n from shipments where order_id = ${order.id} and vendor_id = ${other.vendorId}`),
    ).toEqual([{ n: 0 }]);
    expect((await ship(other.cookie, 'ord_doesnotexist')).statusCode).toBe(404);

    const [a] = await productsOfTwoVendors();
    const seller = (
      await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(signInVendor))
    ).find((v) => v.vendorId === a.vendor_id)!;
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const unpaid = await placed(cookie, {
      items: [{ productId: a.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect((await ship(seller.cookie, unpaid.order.id)).statusCode).toBe(404);
  });

  it('refuses a shipment without a carrier or tracking number, or with fields it does not know', async () => {
    const { order, vendorA } = await sharedOrder();
    const bad = await ship(vendorA.cookie, order.id, { carrier: '', trackingNumber: '1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['carrier', 'trackingNumber']));
    const sneaky = await ship(vendorA.cookie, order.id, { carrier: 'Blue Dart', trackingNumber: 'BD12345', vendorId: 'ven_other' });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().error.fields.vendorId).toMatch(/not an accepted field/);
  });

  it('takes only a web address as the tracking link, which the customer gets as a link to click', async () => {
    const { order, vendorA, customerCookie } = await sharedOrder();
    for (const trackingUrl of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://bluedart.com/awb']) {
      const refused = await ship(vendorA.cookie, order.id, { carrier: 'Blue Dart', trackingNumber: 'BD99887766', trackingUrl });
      expect(refused.statusCode, trackingUrl).toBe(400);
      expect(refused.json().error.fields.trackingUrl).toBe("Enter the courier's tracking link, starting with https:// or http://");
    }
    const short = await ship(vendorA.cookie, order.id, { carrier: 'Blue Dart', trackingNumber: 'BD' });
    expect(short.json().error.fields.trackingNumber).toBe('A tracking number has at least 4 characters');
    const seen = await kit.getOrder(customerCookie, order.id);
    expect(seen.status).not.toBe('partly_shipped');
    expect(seen.shipments).toEqual([]);
  });
});
