import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VendorOrder, VendorOrdersResponse } from '~/shared/schemas/orders';
import type { LedgerResponse } from '~/shared/schemas/payouts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { rupees } from './payout-statement';
import { payoutsFixtures } from './payouts.fixtures';
import { shareOf } from './tax-rates';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);

const get = async <T>(url: string, cookie: string): Promise<T> => {
  const res = await json(kit.t.app, 'GET', url, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
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

    // The seller cancels one of the two units: the unit left is worth half the line after the coupon,
    // rounded half up (price − ₹49.995 → price − ₹49.99), so the share shown is ₹49.99, not ₹50.00.
    await f.act(a!.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA!.id, quantity: 1 }], reason: 'One unit failed testing' });
    const seenByA = (await vendorOrder(a!.cookie, order.orderNumber))!;
    expect(seenByA.lines).toMatchObject([{ itemId: lineA!.id, quantity: 2, cancelledQuantity: 1 }]);
    const shareA = 49_99;
    expect(seenByA).toMatchObject({ amountPaise: price - shareA, couponSharePaise: shareA, couponCode: 'ODD9999' });
    expect(openValue(seenByA) - seenByA.couponSharePaise).toBe(seenByA.amountPaise);

    // Another seller neither lists the order nor acts on it.
    expect(await vendorOrder(other!.cookie, order.orderNumber)).toBeUndefined();
    const theirs = await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/pack`, undefined, other!.cookie);
    expect(theirs.statusCode).toBe(404);

    // The single order a step answers with carries the same figures.
    const packed = (await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/pack`, undefined, a!.cookie)).json().order as VendorOrder;
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
  });
});
