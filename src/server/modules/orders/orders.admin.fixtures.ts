import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

type Kit = ReturnType<typeof useOrdersTestApp>;
interface Product {
  id: string;
  price_paise: number;
  vendor_id: string;
}

/** What the admin console's order tests do over and over: two-seller orders, and the admin's steps on them. */
export function adminOrdersFixtures(kit: Kit, adminCookie: () => string) {
  /**
   * The two cheapest products of two different sellers, with 50 in stock. Tests of a file run one
   * after another and compare stock within themselves, so they may share products.
   */
  async function twoSellersProducts(): Promise<[Product, Product]> {
    const candidates = await kit.rows<Product & Record<string, unknown>>(sql`
      select id, price_paise, vendor_id from products where status = 'active' and vendor_active order by price_paise, id`);
    const a = candidates[0]!;
    const b = candidates.find((p) => p.vendor_id !== a.vendor_id)!;
    for (const p of [a, b]) await kit.setStock(p.id, 50);
    return [a, b];
  }

  /** An order of two units of seller A's product and one of seller B's, paid as asked, delivered as asked. */
  async function twoLineOrder(
    paymentMethod: 'cod' | 'upi',
    address: object = kit.PUNE,
    name = 'Aditi Joshi',
    delivery: 'standard' | 'express' = 'standard',
  ) {
    const [a, b] = await twoSellersProducts();
    const { cookie, addressId } = await kit.customerWithAddress(address, name);
    const { order } = await kit.placed(cookie, {
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      addressId,
      delivery,
      paymentMethod,
    });
    if (paymentMethod === 'upi') await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
    const detail = await kit.getOrder(cookie, order.id);
    return {
      order: detail,
      customer: cookie,
      a,
      b,
      lineA: detail.items.find((i) => i.productId === a.id)!,
      lineB: detail.items.find((i) => i.productId === b.id)!,
    };
  }

  const get = (url: string, cookie = adminCookie()) => json(kit.t.app, 'GET', url, undefined, cookie);
  const post = (url: string, body?: object, cookie = adminCookie()) => json(kit.t.app, 'POST', url, body, cookie);
  async function adminOrder(id: string): Promise<AdminOrderResponse> {
    const res = await get(`/api/admin/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrderResponse;
  }
  /** An admin's step on an order that must succeed: the order page it answers. */
  async function ok(id: string, action: string, body?: object): Promise<AdminOrderResponse> {
    const res = await post(`/api/admin/orders/${id}/${action}`, body);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json() as AdminOrderResponse;
  }
  /** Each seller's items shipped, one AWB each. */
  async function shipAll(id: string) {
    const page = await adminOrder(id);
    for (const [n, seller] of page.controls.sellers.entries()) {
      await ok(id, 'ship', { carrier: 'Delhivery', trackingNumber: `DL90000${n}${id.slice(-4)}`, vendorId: seller.vendorId });
    }
  }
  const payment = async (orderId: string) =>
    (
      await kit.rows<{ amount_paise: number; amount_refunded_paise: number; status: string }>(
        sql`select amount_paise, amount_refunded_paise, status from payments where order_id = ${orderId}`,
      )
    )[0]!;
  const refundRows = (orderId: string) =>
    kit.rows<{ amount_paise: number; reason: string }>(
      sql`select amount_paise, reason from refunds where order_id = ${orderId} order by created_at`,
    );

  return { twoSellersProducts, twoLineOrder, get, post, adminOrder, ok, shipAll, payment, refundRows };
}
