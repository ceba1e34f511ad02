import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';

type Kit = ReturnType<typeof useOrdersTestApp>;
export interface SignedInVendor {
  cookie: string;
  vendorId: string;
}

/** What the payouts tests do over and over: vendors signed in, and orders of their products delivered. */
export function payoutsFixtures(kit: Kit) {
  const taken = new Set<string>();

  async function signInVendor(account: { email: string; password: string }): Promise<SignedInVendor> {
    const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
  }

  /** A product of the vendor on sale that no other test of the file uses, with 50 in stock. */
  async function productOf(vendorId: string) {
    const candidates = await kit.rows<{ id: string; price_paise: number; category: string }>(sql`
      select id, price_paise, category from products
       where vendor_id = ${vendorId} and status = 'active' and vendor_active and price_paise <= 8000000 order by price_paise, id`);
    const product = candidates.find((p) => !taken.has(p.id));
    if (!product) throw new Error('the test catalogue has too few products of this vendor');
    taken.add(product.id);
    await kit.setStock(product.id, 50);
    return product;
  }

  const act = async (cookie: string, orderId: string, action: string, body?: object) => {
    const res = await json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/${action}`, body, cookie);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  };
  const ship = (v: SignedInVendor, orderId: string) =>
    act(v.cookie, orderId, 'ship', { carrier: 'Blue Dart', trackingNumber: 'BD1234567' });
  const deliver = (v: SignedInVendor, orderId: string) => act(v.cookie, orderId, 'deliver');

  /** A cash-on-delivery order of each vendor's product (quantity each), placed by a new customer in Pune. */
  async function placeOrder(
    lines: { vendor: SignedInVendor; quantity: number }[],
    address: object = kit.PUNE,
    delivery: 'standard' | 'express' = 'standard',
  ) {
    const products: Awaited<ReturnType<typeof productOf>>[] = [];
    for (const line of lines) products.push(await productOf(line.vendor.vendorId));
    const { cookie, addressId } = await kit.customerWithAddress(address);
    const { order } = await kit.placed(cookie, {
      items: lines.map((l, i) => ({ productId: products[i]!.id, quantity: l.quantity })),
      addressId,
      delivery,
      paymentMethod: 'cod',
    });
    const detail: OrderDetail = await kit.getOrder(cookie, order.id);
    return { order: detail, customer: cookie, products };
  }

  /** One vendor's order of `quantity` units, shipped and delivered. */
  async function deliveredOrder(vendor: SignedInVendor, quantity = 2, address?: object, delivery?: 'standard' | 'express') {
    const placed = await placeOrder([{ vendor, quantity }], address, delivery);
    await ship(vendor, placed.order.id);
    await deliver(vendor, placed.order.id);
    return { ...placed, product: placed.products[0]! };
  }

  /** Moves an order's ledger entries back in time, as if delivered `days` ago. */
  async function deliveredDaysAgo(orderId: string, days: number) {
    await kit.db().execute(sql`
      update vendor_ledger_entries set delivered_at = delivered_at - make_interval(days => ${days}),
             payable_at = payable_at - make_interval(days => ${days})
       where order_id = ${orderId}`);
  }

  /** A GET the caller may make: its answer, after checking it is a 200. */
  async function get<T>(url: string, cookie: string): Promise<T> {
    const res = await json(kit.t.app, 'GET', url, undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  return { signInVendor, productOf, act, ship, deliver, placeOrder, deliveredOrder, deliveredDaysAgo, get };
}
