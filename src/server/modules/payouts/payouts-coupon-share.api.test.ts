import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VendorOrder, VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import { formatPaise } from '~/shared/money';
import { lineRefundPaise } from '~/shared/pricing';
import type { LedgerResponse } from '~/shared/schemas/payouts';
import type { VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { packWithSerials } from '../../test/serials-kit';
import { json } from '../../test/test-app';
import { rupees } from './payout-statement';
import { payoutsFixtures } from './payouts.fixtures';
import { shareOf } from './tax-rates';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

const { get } = f;
const vendorOrder = async (cookie: string, orderNumber: string): Promise<VendorOrder | undefined> =>
  (await get<VendorOrdersResponse>(`/api/vendor/orders?q=${orderNumber}`, cookie)).items.find((o) => o.orderNumber === orderNumber);
/** What the seller's lines are worth at their price, for the units not cancelled (each line rounded to the paisa). */
const openValue = (o: VendorOrder) =>
  o.lines.reduce((n, l) => n + shareOf(l.lineTotalPaise, l.quantity - l.cancelledQuantity, l.quantity), 0);
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date()).slice(0, 7);

describe("a coupon's share of a seller's lines", () => {
  it('is shown on the seller’s order and on its ledger line, to the paisa, after a cancelled unit; other sellers see nothing of it', async () => {
    // ₹99.99 off: the one line takes it all, and half of it is not a whole paisa.
    await kit.db().execute(sql`insert into coupons (code, description, kind, value) values ('ODD9999', 'Odd off', 'flat', 9999)`);
    const [a, other] = await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.khargharVendor].map((v) => f.signInVendor(v)));
    const productA = await f.productOf(a!.vendorId);
    const price = productA.price_paise;
    const { cookie, addressId } = await kit.customerWithAddress(kit.PUNE);
    const { order } = await kit.placed(cookie, {
      items: [{ productId: productA.id, quantity: 2 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
      couponCode: 'ODD9999',
    });
    await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
    const [lineA] = await kit.rows<{ id: string; line_total_paise: number; discount_paise: number }>(
      sql`select id, line_total_paise, discount_paise from order_items where order_id = ${order.id}`,
    );
    expect(lineA).toMatchObject({ line_total_paise: 2 * price, discount_paise: 99_99 });

    const whole = (await vendorOrder(a!.cookie, order.orderNumber))!;
    expect(whole).toMatchObject({ amountPaise: 2 * price - 99_99, couponSharePaise: 99_99, couponCode: 'ODD9999' });
    expect(openValue(whole) - whole.couponSharePaise).toBe(whole.amountPaise);

    // The seller's "Cancel items" dialog works out the refund of one unit from the line's share, as the server refunds it.
    expect(whole.lines).toMatchObject([{ itemId: lineA!.id, lineTotalPaise: 2 * price, couponSharePaise: 99_99 }]);
    const ordered = whole.lines[0]!;
    const estimate = lineRefundPaise(
      { lineTotalPaise: ordered.lineTotalPaise, discountPaise: ordered.couponSharePaise, quantity: ordered.quantity },
      1,
    );
    expect(estimate).toBe(price - 49_99);

    // The seller cancels one of the two units: the unit left is worth half the line after the coupon,
    // rounded half up (price − ₹49.995 → price − ₹49.99), so the share shown is ₹49.99, not ₹50.00.
    await f.act(a!.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA!.id, quantity: 1 }], reason: 'One unit failed testing' });
    // The customer got back exactly what the dialog said, to the paisa.
    const [paid] = await kit.rows<{ amount_refunded_paise: number }>(
      sql`select amount_refunded_paise from payments where order_id = ${order.id}`,
    );
    expect(paid!.amount_refunded_paise).toBe(estimate);
    const seenByA = (await vendorOrder(a!.cookie, order.orderNumber))!;
    expect(seenByA.lines).toMatchObject([{ itemId: lineA!.id, quantity: 2, cancelledQuantity: 1 }]);
    const shareA = 49_99;
    expect(seenByA).toMatchObject({ amountPaise: price - shareA, couponSharePaise: shareA, couponCode: 'ODD9999' });
    expect(openValue(seenByA) - seenByA.couponSharePaise).toBe(seenByA.amountPaise);

    // The dashboard's recent orders say it as the orders list does.
    const recent = (await get<VendorDashboard>('/api/vendor/dashboard?range=7d', a!.cookie)).recentOrders.find((o) => o.id === order.id);
    expect(recent).toMatchObject({ amountPaise: price - shareA, couponSharePaise: shareA, couponCode: 'ODD9999' });
    const othersRecent = (await get<VendorDashboard>('/api/vendor/dashboard?range=7d', other!.cookie)).recentOrders;
    expect(othersRecent.some((o) => o.id === order.id)).toBe(false);

    // Another seller neither lists the order nor acts on it.
    expect(await vendorOrder(other!.cookie, order.orderNumber)).toBeUndefined();
    const theirs = await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/pack`, undefined, other!.cookie);
    expect(theirs.statusCode).toBe(404);

    // The single order a step answers with carries the same figures.
    const packed = (await packWithSerials(kit.t.app, a!.cookie, order.id)).json().order as VendorOrder;
    expect(packed).toMatchObject({ amountPaise: seenByA.amountPaise, couponSharePaise: shareA, couponCode: 'ODD9999' });

    // An order without a coupon: nothing is said.
    const plain = await f.deliveredOrder(a!, 1);
    expect(await vendorOrder(a!.cookie, plain.order.orderNumber)).toMatchObject({ couponSharePaise: 0, couponCode: null });

    // Delivered: the ledger's sale is the two units after their coupon share, and says what the share was.
    await f.ship(a!, order.id);
    await f.deliver(a!, order.id);
    const ledger = await get<LedgerResponse>(`/api/vendor/payouts/ledger?q=${order.orderNumber}`, a!.cookie);
    const [entry] = ledger.items;
    expect(ledger.items).toHaveLength(1);
    expect(entry).toMatchObject({ kind: 'sale', quantity: 1, salePaise: seenByA.amountPaise, couponSharePaise: shareA });
    expect(entry!.salePaise + entry!.couponSharePaise).toBe(price);
    const plainEntry = (await get<LedgerResponse>(`/api/vendor/payouts/ledger?q=${plain.order.orderNumber}`, a!.cookie)).items[0];
    expect(plainEntry).toMatchObject({ couponSharePaise: 0 });

    // The month's statement has the share in a column of its own, and its total.
    const month = thisMonth();
    const res = await json(kit.t.app, 'GET', `/api/vendor/payouts/statements/${month}.csv`, undefined, a!.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    const line = rows.find((r) => r.order === order.orderNumber)!;
    expect(line).toMatchObject({ sale: rupees(entry!.salePaise), coupon_share: rupees(shareA) });
    expect(rows.find((r) => r.order === plain.order.orderNumber)).toMatchObject({ coupon_share: '0.00' });
    const paise = (r: string) => Math.round(Number(r) * 100);
    const live = rows.slice(0, -1).filter((r) => r.state !== 'Refunded (reversed)');
    expect(rows.at(-1)).toMatchObject({
      delivered_on: 'Total',
      coupon_share: rupees(live.reduce((n, r) => n + paise(r.coupon_share!), 0)),
    });

    // The PDF statement: the share in a column after the sale, and in the totals between the lines at
    // their prices and the sales the deductions are worked out on, as the CSV and the ledger have them.
    const { totals } = await get<LedgerResponse>(`/api/vendor/payouts/ledger?month=${month}`, a!.cookie);
    expect(totals.couponSharePaise).toBe(live.reduce((n, r) => n + paise(r.coupon_share!), 0));
    const pdf = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/payouts/statements/${month}.pdf`,
      headers: { cookie: a!.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Sale (incl. GST) Coupon share Commission');
    expect(text).toContain(`${order.orderNumber} 1 × ${entry!.category} ${formatPaise(entry!.salePaise)} ${formatPaise(shareA)} `);
    expect(text).toContain(`${plain.order.orderNumber} 1 × ${plainEntry!.category} ${formatPaise(plainEntry!.salePaise)} ₹0.00 `);
    expect(text).toContain(
      `At your prices (GST included, less refunds) ${formatPaise(totals.salePaise + totals.couponSharePaise)} ` +
        `Coupon share (you bear it) − ${formatPaise(totals.couponSharePaise)} Sales (GST included, less refunds) ${formatPaise(totals.salePaise)}`,
    );
    expect(text).toContain("you bear your lines' share, so a line's sale is its price less it");
  });

  it("adds the shares up in the ledger's totals: a refunded unit takes its share back, a refunded line is left out", async () => {
    await kit.db().execute(sql`insert into coupons (code, description, kind, value) values ('HALF9999', 'Odd off', 'flat', 9999)`);
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const admin = (await signInAdmin(kit.t)).cookie;
    /** An order of `quantity` units of one product with the ₹99.99 coupon, cash on delivery, shipped and delivered. */
    const deliveredWithCoupon = async (quantity: number) => {
      const product = await f.productOf(vendor.vendorId);
      const { cookie, addressId } = await kit.customerWithAddress(kit.PUNE);
      const { order } = await kit.placed(cookie, {
        items: [{ productId: product.id, quantity }],
        addressId,
        delivery: 'standard',
        paymentMethod: 'cod',
        couponCode: 'HALF9999',
      });
      await f.ship(vendor, order.id);
      await f.deliver(vendor, order.id);
      const [item] = await kit.rows<{ id: string }>(sql`select id from order_items where order_id = ${order.id}`);
      return { order, price: product.price_paise, itemId: item!.id };
    };
    const refund = async (orderId: string, itemId: string, quantity: number) => {
      await kit.recordRefundAccount(orderId, admin);
      const res = await json(
        kit.t.app,
        'POST',
        `/api/admin/orders/${orderId}/refund-lines`,
        { lines: [{ itemId, quantity }], reason: 'Arrived with a cracked screen', bankReference: 'HDFCN52026112500041' },
        admin,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const ledgerOf = (q: string) => get<LedgerResponse>(`/api/vendor/payouts/ledger?pageSize=100&${q}`, vendor.cookie);

    // Two units, one refunded: the refund entry takes back that unit's ₹49.99 of the ₹99.99 (half a
    // paisa rounded as the refund's sale is), and the totals are the unit kept at its price, less ₹50.00.
    const two = await deliveredWithCoupon(2);
    await refund(two.order.id, two.itemId, 1);
    const mine = await ledgerOf(`q=${two.order.orderNumber}`);
    const sale = mine.items.find((e) => e.kind === 'sale')!;
    const back = mine.items.find((e) => e.kind === 'refund')!;
    expect(sale).toMatchObject({ quantity: 2, salePaise: 2 * two.price - 99_99, couponSharePaise: 99_99 });
    expect(back).toMatchObject({ quantity: -1, salePaise: -(two.price - 49_99), couponSharePaise: -49_99 });
    expect(mine.totals).toMatchObject({ salePaise: two.price - 50_00, couponSharePaise: 50_00 });
    expect(mine.totals.salePaise + mine.totals.couponSharePaise).toBe(two.price);

    // Every unit refunded before it was paid out: the line leaves the ledger, and its share the totals.
    const one = await deliveredWithCoupon(1);
    await refund(one.order.id, one.itemId, 1);
    const gone = await ledgerOf(`q=${one.order.orderNumber}`);
    expect(gone.items).toMatchObject([{ state: 'reversed', couponSharePaise: 99_99 }]);
    expect(gone.totals).toMatchObject({ salePaise: 0, couponSharePaise: 0, netPaise: 0 });

    // Over the month: the shares of the lines that stand add up to the total, and sales + share is the lines at their prices.
    const month = await ledgerOf(`month=${thisMonth()}`);
    const live = month.items.filter((e) => e.state !== 'reversed');
    expect(month.totals.couponSharePaise).toBe(live.reduce((n, e) => n + e.couponSharePaise, 0));
    expect(month.totals.salePaise).toBe(live.reduce((n, e) => n + e.salePaise, 0));

    // Another seller's ledger has none of it.
    const other = await f.signInVendor(DEMO_ACCOUNTS.shopVendor);
    const theirs = await get<LedgerResponse>(`/api/vendor/payouts/ledger?q=${two.order.orderNumber}`, other.cookie);
    expect(theirs).toMatchObject({ total: 0, totals: { couponSharePaise: 0 } });
  });
});
