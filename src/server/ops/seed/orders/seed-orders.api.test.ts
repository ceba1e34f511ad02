import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationName } from '~/shared/catalogue';
import { isCategory } from '~/shared/constants';
import { priceOrder } from '~/shared/pricing';
import { seedDemoCatalogueForTests } from '../../../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addresses } from '../../../db/schema/addresses';
import { users } from '../../../db/schema/auth';
import { productReviews } from '../../../db/schema/reviews';
import { couponRedemptions, coupons } from '../../../db/schema/coupons';
import { shipments } from '../../../db/schema/fulfilment';
import { orderEvents, orderItems, orders } from '../../../db/schema/orders';
import { payments, refunds } from '../../../db/schema/payments';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { seedDemoOrders } from './seed-orders';

let t: TestApp;
let rohanId: string;
let stockBefore: Map<string, number>;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  ({ userId: rohanId } = await t.services.authService.registerAccount(DEMO_ACCOUNTS.customer, 'customer', null));
  const { rows } = await t.services.database.db.execute<{ id: string; stock: number }>(sql`select id, stock from products`);
  stockBefore = new Map(rows.map((r) => [r.id, r.stock]));
  await seedDemoOrders(t.services);
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;

async function ordersOf(userId: string) {
  return db().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.orderDate);
}

describe('seedDemoOrders', () => {
  it('gives Rohan orders in most of the statuses, newest today, over the last 90 days', async () => {
    const mine = await ordersOf(rohanId);
    expect(mine.length).toBeGreaterThanOrEqual(8);
    const statuses = new Set(mine.map((o) => o.status));
    expect(statuses.size).toBeGreaterThanOrEqual(6);
    for (const s of ['placed', 'processing', 'shipped', 'delivered', 'cancelled', 'return_requested', 'refunded'])
      expect(statuses).toContain(s);
    const ages = mine.map((o) => (Date.now() - o.orderDate.getTime()) / DAY_MS);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(new Set(mine.map((o) => o.orderNumber)).size).toBe(mine.length);
    expect(mine.every((o) => /^SC-\d{6}$/.test(o.orderNumber) && /^seed-\d+$/.test(o.idempotencyKey))).toBe(true);
    // Numbers grow with the date.
    expect([...mine].sort((a, b) => a.seq - b.seq).map((o) => o.id)).toEqual(mine.map((o) => o.id));

    const [pune] = await db().select().from(addresses).where(eq(addresses.userId, rohanId)).orderBy(addresses.createdAt);
    expect(pune).toMatchObject({ city: 'Pune', pinCode: '411045', isDefault: true, mobile: '+919822045678' });
  });

  it('prices every order consistently: lines with priceOrder, total = subtotal − discount + shipping', async () => {
    const all = await db().select().from(orders);
    // The demo business buyer's orders (decision 71), one delivered to another state but taxed by the GSTIN's.
    const b2b = all.filter((o) => o.business !== null);
    expect(b2b.length).toBeGreaterThanOrEqual(2);
    expect(b2b.some((o) => o.address.state !== o.business!.billingAddress.state && o.igstPaise === 0)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(8 + 10);
    const items = await db().select().from(orderItems);
    for (const order of all) {
      const lines = items.filter((i) => i.orderId === order.id).sort((a, b) => a.position - b.position);
      expect(lines.length).toBeGreaterThan(0);
      const subtotal = lines.reduce((n, l) => n + l.lineTotalPaise, 0);
      expect(order.subtotalPaise).toBe(subtotal);
      expect(order.totalPaise).toBe(subtotal - order.discountPaise + order.shippingPaise);
      const priced = priceOrder({
        lines: lines.map((l) => {
          if (!isCategory(l.category)) throw new Error(l.category);
          return { unitPricePaise: l.unitPricePaise, quantity: l.quantity, category: l.category, sellerState: l.sellerState };
        }),
        // The place of supply: a business buyer's GSTIN state (decision 71), otherwise the delivery state.
        deliveryState: order.business?.billingAddress.state ?? order.address.state,
        delivery: order.deliveryOption as 'standard' | 'express',
        coupon: order.couponCode
          ? { code: 'WELCOME10', kind: 'percent', value: 10, minOrderPaise: 5_000_00, maxDiscountPaise: 2_000_00 }
          : null,
      });
      expect(order.totalPaise).toBe(priced.totalPaise);
      expect({ gst: order.gstPaise, cgst: order.cgstPaise, sgst: order.sgstPaise, igst: order.igstPaise }).toEqual({
        gst: priced.gstPaise,
        cgst: priced.cgstPaise,
        sgst: priced.sgstPaise,
        igst: priced.igstPaise,
      });
      lines.forEach((l, i) => {
        const p = priced.lines[i]!;
        expect({ taxable: l.taxablePaise, cgst: l.cgstPaise, sgst: l.sgstPaise, igst: l.igstPaise, discount: l.discountPaise }).toEqual({
          taxable: p.taxablePaise,
          cgst: p.cgstPaise,
          sgst: p.sgstPaise,
          igst: p.igstPaise,
          discount: p.discountPaise,
        });
      });
    }
    // Each line names the configuration and the offer it was bought from, of the seller on the line (decision 70).
    const { rows: unnamed } = await db().execute<{ id: string }>(sql`
      select i.id from order_items i left join offers o on o.id = i.offer_id and o.variant_id = i.variant_id
       where o.id is null or o.product_id <> i.product_id or o.vendor_id <> i.vendor_id`);
    expect(unnamed).toEqual([]);
    // A line of a model with configurations is named with the configuration's options, as the checkout names it.
    const { rows: named } = await db().execute<{
      name: string;
      product_name: string;
      options: Record<string, string>;
      option_keys: string[];
    }>(sql`
      select i.name, p.name as product_name, v.options, p.option_keys from order_items i
        join products p on p.id = i.product_id join product_variants v on v.id = i.variant_id`);
    expect(named.map((r) => r.name)).toEqual(named.map((r) => configurationName(r.product_name, r.options, r.option_keys)));
    expect(named.some((r) => Object.keys(r.options).length > 0)).toBe(true);
    // Deliveries outside Maharashtra (every seller's state) carry IGST; inside, CGST + SGST.
    expect(all.some((o) => o.igstPaise > 0)).toBe(true);
    expect(all.some((o) => o.cgstPaise > 0 && o.igstPaise === 0)).toBe(true);
  });

  it('ships and delivers what was delivered, and gives a refund equal to the payment where money went back', async () => {
    const all = await db().select().from(orders);
    const ships = await db().select().from(shipments);
    const pays = await db().select().from(payments);
    const refundRows = await db().select().from(refunds);
    for (const order of all) {
      const payment = pays.find((p) => p.orderId === order.id);
      expect(payment, order.id).toBeDefined();
      expect(payment!.amountPaise).toBe(order.totalPaise);
      if (['delivered', 'return_requested', 'refunded'].includes(order.status)) {
        expect(order.deliveredAt).not.toBeNull();
        const mine = ships.filter((s) => s.orderId === order.id);
        expect(mine.length).toBeGreaterThan(0);
        // A refunded return came back to its sellers, who checked it: back in stock, or written off when defective.
        const after = order.status === 'refunded' ? 'refunded' : 'delivered';
        expect(mine.every((s) => s.status === after && s.deliveredAt !== null && s.trackingUrl?.startsWith('https://'))).toBe(true);
        if (order.status === 'refunded') {
          expect(mine.every((s) => s.returnReceivedAt !== null && s.refundedAt !== null && s.returnReceivedAt <= s.refundedAt)).toBe(true);
          const written = order.returnReason === 'Damaged or defective on arrival' ? 'damaged' : 'resellable';
          expect(mine.every((s) => s.returnCondition === written)).toBe(true);
        }
        expect(payment!.status === 'captured' || payment!.status === 'refunded').toBe(true);
      }
      if (order.status === 'shipped') expect(ships.filter((s) => s.orderId === order.id).every((s) => s.status === 'shipped')).toBe(true);
      if (order.paymentMethod !== 'cod' && payment!.providerPaymentId) {
        expect(payment!.providerPaymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
        expect(payment!.providerOrderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
        // The test gateway knows the payment as the shop does, so an admin can refund it through the provider.
        const fetched = await t.services.paymentProvider.fetchPayment(payment!.providerPaymentId);
        expect(fetched, order.id).toMatchObject({ amountPaise: payment!.amountPaise, orderId: payment!.providerOrderId });
        expect(fetched.amountRefundedPaise, order.id).toBe(payment!.amountRefundedPaise);
      }
      const orderRefunds = refundRows.filter((r) => r.orderId === order.id);
      if (payment!.status === 'refunded') {
        expect(orderRefunds).toHaveLength(1);
        expect(orderRefunds[0]!.amountPaise).toBe(payment!.amountPaise);
        expect(payment!.amountRefundedPaise).toBe(payment!.amountPaise);
      } else {
        expect(orderRefunds).toHaveLength(0);
      }
    }
    const mine = all.filter((o) => o.userId === rohanId);
    expect(
      mine.filter(
        (o) => o.status === 'refunded' || (o.status === 'cancelled' && pays.find((p) => p.orderId === o.id)!.status === 'refunded'),
      ),
    ).toHaveLength(2);
    const expired = mine.find((o) => o.cancelReason === 'Payment was not completed in time');
    expect(pays.find((p) => p.orderId === expired?.id)).toMatchObject({ status: 'cancelled', providerPaymentId: null, capturedAt: null });
  });

  it('tells each order’s story in time order, and leaves reviewable products and the stock alone', async () => {
    const mine = await ordersOf(rohanId);
    const events = await db()
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          mine.map((o) => o.id),
        ),
      )
      .orderBy(orderEvents.id);
    for (const order of mine) {
      const times = events.filter((e) => e.orderId === order.id).map((e) => e.createdAt.getTime());
      expect(times.length).toBeGreaterThanOrEqual(1);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(order.orderDate.getTime());
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    }
    const delivered = mine.filter((o) => o.status === 'delivered');
    const ages = delivered.map((o) => (Date.now() - o.deliveredAt!.getTime()) / DAY_MS).sort((a, b) => a - b);
    expect(ages[0]).toBeLessThan(4);
    expect(ages.at(-1)).toBeGreaterThan(50);
    const boughtIds = (
      await db()
        .select({ productId: orderItems.productId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            delivered.map((o) => o.id),
          ),
        )
    ).map((r) => r.productId);
    const reviewed = await db().select().from(productReviews).where(eq(productReviews.userId, rohanId));
    expect(reviewed.filter((r) => boughtIds.includes(r.productId))).toEqual([]);

    const { rows } = await db().execute<{ id: string; stock: number }>(sql`select id, stock from products`);
    expect(rows.every((r) => stockBefore.get(r.id) === r.stock)).toBe(true);
  });

  it('seeds the demo coupons with one WELCOME10 redemption by Rohan', async () => {
    const rows = await db().select().from(coupons);
    expect(rows.map((c) => c.code).sort()).toEqual([
      'BIGSAVE',
      'DIWALI2026',
      'FLAT1500',
      'LAUNCH50',
      'MONITOR10',
      'MONITOR500',
      'WELCOME10',
    ]);
    const byCode = new Map(rows.map((c) => [c.code, c]));
    expect(byCode.get('DIWALI2026')!.expiresAt!.getTime()).toBeLessThan(Date.now());
    expect(byCode.get('LAUNCH50')).toMatchObject({ usageLimit: 50, usedCount: 49 });
    expect(byCode.get('WELCOME10')).toMatchObject({ usedCount: 1, perCustomerLimit: 1 });
    const redemptions = await db().select().from(couponRedemptions);
    expect(redemptions).toEqual([expect.objectContaining({ couponCode: 'WELCOME10', userId: rohanId })]);
    const [order] = await db().select().from(orders).where(eq(orders.id, redemptions[0]!.orderId));
    expect(order).toMatchObject({ couponCode: 'WELCOME10', discountPaise: expect.any(Number) });
    expect(order!.discountPaise).toBeGreaterThan(0);

    const others = await db()
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} like '%@example.in' and ${users.id} <> ${rohanId}`);
    const otherOrders = (await db().select().from(orders)).filter((o) => others.some((u) => u.id === o.userId));
    expect(otherOrders.length).toBeGreaterThanOrEqual(10);
    expect(otherOrders.length).toBeLessThanOrEqual(20);
  });
});
