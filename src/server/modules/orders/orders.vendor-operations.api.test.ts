import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '~/shared/audit-labels';
import { formatPaise } from '~/shared/money';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { AuditResponse } from '~/shared/schemas/audit';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { packWithSerials } from '../../test/serials-kit';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

/** An order of two units of vendor A's product and one of vendor B's, paid as asked. */
async function sharedOrder(paymentMethod: 'cod' | 'upi') {
  // Tests here run one after another and compare stock within themselves, so they may share products.
  const candidates = await rows<{ id: string; price_paise: number; vendor_id: string }>(sql`
    select id, price_paise, vendor_id from products where status = 'active' and vendor_active and price_paise <= 2000000 order by price_paise, id`);
  const a = candidates[0]!;
  const b = candidates.find((p) => p.vendor_id !== a.vendor_id)!;
  for (const p of [a, b]) await kit.setStock(p.id, 50);
  const signedIn = await Promise.all(
    [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.khargharVendor].map(signInVendor),
  );
  const { cookie, addressId } = await customerWithAddress(PUNE);
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
  const detail = await kit.getOrder(cookie, order.id);
  const lineOf = (productId: string) => detail.items.find((i) => i.productId === productId)!;
  return {
    order: detail,
    customer: cookie,
    a,
    b,
    lineA: lineOf(a.id),
    vendorA: signedIn.find((v) => v.vendorId === a.vendor_id)!,
    vendorB: signedIn.find((v) => v.vendorId === b.vendor_id)!,
    other: signedIn.find((v) => v.vendorId !== a.vendor_id && v.vendorId !== b.vendor_id)!,
  };
}

const act = (cookie: string, orderId: string, action: string, body?: object) =>
  json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/${action}`, body, cookie);
const ok = async (cookie: string, orderId: string, action: string, body?: object): Promise<VendorOrder> => {
  const res = await act(cookie, orderId, action, body);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json().order as VendorOrder;
};
/** Packs as the seller centre does, with a serial for each unit (decision 72). */
const pack = async (cookie: string, orderId: string): Promise<VendorOrder> => {
  const res = await packWithSerials(kit.t.app, cookie, orderId);
  expect(res.statusCode, `pack: ${res.body}`).toBe(200);
  return res.json().order as VendorOrder;
};
const SHIP = { carrier: 'Blue Dart', trackingNumber: 'BD1234567' };
const RESELLABLE = { condition: 'resellable' };
/** A valid body for each step, so that only the vendor decides the answer. */
const BODIES: Record<string, object | undefined> = {
  'cancel-lines': { lines: [{ itemId: 'x', quantity: 1 }], reason: 'Trying it on' },
  'return-received': RESELLABLE,
};
const payment = async (orderId: string) =>
  (
    await rows<{ amount_paise: number; amount_refunded_paise: number; status: string }>(
      sql`select amount_paise, amount_refunded_paise, status from payments where order_id = ${orderId}`,
    )
  )[0]!;

describe('a vendor delivers its shipment', () => {
  it('makes the order partly delivered, then delivered with the cash collected once every seller has delivered', async () => {
    const { order, customer, vendorA, vendorB } = await sharedOrder('cod');
    // Cash on delivery is confirmed at once: each seller is told of its own items.
    const told = await rows<{ to_address: string; lines: number }>(sql`
      select to_address, jsonb_array_length(data->'lines')::int as lines from mail_messages
       where template = 'vendor_order_update' and data->>'orderNumber' = ${order.orderNumber} and data->>'kind' = 'new_order'
       order by to_address`);
    expect(told).toHaveLength(2);
    expect(told.every((m) => m.lines === 1)).toBe(true);
    expect((await act(vendorA.cookie, order.id, 'deliver')).json().error.message).toMatch(/Ship your items of this order before/);
    await ok(vendorA.cookie, order.id, 'ship', SHIP);
    expect((await ok(vendorA.cookie, order.id, 'deliver')).status).toBe('partly_delivered');
    expect((await act(vendorA.cookie, order.id, 'deliver')).statusCode).toBe(409);
    expect((await kit.getOrder(customer, order.id)).status).toBe('partly_delivered');
    await ok(vendorB.cookie, order.id, 'ship', { carrier: 'Delhivery', trackingNumber: 'DL555' });
    const done = await ok(vendorB.cookie, order.id, 'deliver');
    expect(done.status).toBe('delivered');
    expect(await payment(order.id)).toMatchObject({ status: 'captured', amount_paise: order.totals.totalPaise });
    expect(await kit.mails('order_delivered', order.orderNumber)).toBe(1);
  });
});

describe('a vendor cancels its items before shipping', () => {
  it('refunds exactly those items through the provider, puts them back in stock, and keeps the order for the rest', async () => {
    const { order, customer, a, lineA, vendorA, vendorB } = await sharedOrder('upi');
    const stockBefore = await kit.stockOf(a.id);
    const cancelled = await ok(vendorA.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineA.id, quantity: 1 }],
      reason: 'Only one unit left in the godown',
    });
    expect(cancelled.lines[0]).toMatchObject({ itemId: lineA.id, quantity: 2, cancelledQuantity: 1 });
    expect(cancelled.amountPaise).toBe(a.price_paise);
    expect(await kit.stockOf(a.id)).toBe(stockBefore + 1);
    const paid = await payment(order.id);
    expect(paid).toMatchObject({ status: 'partially_refunded', amount_refunded_paise: a.price_paise });
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.status).toBe('placed');
    expect(seen.totals.totalPaise).toBe(order.totals.totalPaise);
    expect(seen.refunds.map((r) => r.amountPaise)).toEqual([a.price_paise]);
    expect(seen.timeline.at(-1)!.message).toMatch(/cancelled 1 item: Only one unit left in the godown/);

    // Asking for more than is left, or another vendor's line, is refused; nothing changes.
    const more = await act(vendorA.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineA.id, quantity: 2 }],
      reason: 'Out of stock now',
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().error.message).toMatch(/Cancel between 1 and 1/);
    const theirs = await act(vendorB.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineA.id, quantity: 1 }],
      reason: 'Not mine at all',
    });
    expect(theirs.statusCode).toBe(400);

    // B ships; A cancels its last unit: nothing of A holds the order back, so it is shipped.
    await ok(vendorB.cookie, order.id, 'ship', SHIP);
    const last = await ok(vendorA.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineA.id, quantity: 1 }],
      reason: 'Damaged in storage',
    });
    expect(last.status).toBe('shipped');
    expect((await payment(order.id)).amount_refunded_paise).toBe(2 * a.price_paise);
    const shipped = await act(vendorA.cookie, order.id, 'ship', SHIP);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.message).toBe('All your items of this order were cancelled: there is nothing to ship.');
  });

  it('collects less cash on delivery, and cancels the whole order when nothing is left', async () => {
    const { order, a, b, lineA, vendorA, vendorB } = await sharedOrder('cod');
    await ok(vendorA.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 2 }], reason: 'Model discontinued' });
    expect((await payment(order.id)).amount_paise).toBe(order.totals.totalPaise - 2 * a.price_paise);
    const lineB = (await rows<{ id: string }>(sql`select id from order_items where order_id = ${order.id} and product_id = ${b.id}`))[0]!;
    const stockB = await kit.stockOf(b.id);
    const gone = await ok(vendorB.cookie, order.id, 'cancel-lines', {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'Cannot deliver to this PIN',
    });
    expect(gone.status).toBe('cancelled');
    expect(await kit.stockOf(b.id)).toBe(stockB + 1);
    expect((await payment(order.id)).status).toBe('cancelled');
    expect(await kit.mails('order_cancelled', order.orderNumber)).toBe(1);
  });

  it('refunds the rest when the customer cancels an order a seller has partly cancelled', async () => {
    const { order, customer, lineA, vendorA } = await sharedOrder('upi');
    await ok(vendorA.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'One unit is scratched' });
    const cancelled = await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Found it cheaper elsewhere' }, customer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paid = await payment(order.id);
    expect(paid).toMatchObject({ status: 'refunded', amount_refunded_paise: paid.amount_paise });
  });

  it('races a vendor cancelling a line against the customer cancelling the order: stock comes back once, money once', async () => {
    const { order, customer, a, b, lineA, vendorA } = await sharedOrder('upi');
    const [stockA, stockB] = [await kit.stockOf(a.id), await kit.stockOf(b.id)];
    const [vendor, customerCancel] = await Promise.all([
      act(vendorA.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'One unit is scratched' }),
      json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Found it cheaper elsewhere' }, customer),
    ]);
    expect(customerCancel.statusCode, customerCancel.body).toBe(200);
    expect([200, 409]).toContain(vendor.statusCode);
    expect(await kit.stockOf(a.id)).toBe(stockA + 2);
    expect(await kit.stockOf(b.id)).toBe(stockB + 1);
    const paid = await payment(order.id);
    expect(paid).toMatchObject({ status: 'refunded', amount_refunded_paise: paid.amount_paise });
  });
});

describe('a vendor receives a return and refunds it', () => {
  it('refunds each seller’s items once they are back; the order is returned, then refunded, when every seller has', async () => {
    const { order, customer, a, b, lineA, vendorA, vendorB, other } = await sharedOrder('upi');
    for (const v of [vendorA, vendorB]) {
      await ok(v.cookie, order.id, 'ship', SHIP);
      await ok(v.cookie, order.id, 'deliver');
    }
    const asked = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer);
    expect(asked.statusCode, asked.body).toBe(200);
    const [{ n: returnMails }] = (await rows<{ n: number }>(sql`
      select count(*)::int as n from mail_messages
       where template = 'vendor_order_update' and data->>'orderNumber' = ${order.orderNumber} and data->>'kind' = 'return_requested'`)) as [
      { n: number },
    ];
    expect(returnMails).toBe(2);
    expect((await act(vendorA.cookie, order.id, 'refund')).json().error.message).toBe('Receive the returned items before refunding them.');
    const stockA = await kit.stockOf(a.id);
    const stockB = await kit.stockOf(b.id);
    // The seller must say what it found: a unit put back on sale unchecked could be a broken one.
    const unsaid = await act(vendorA.cookie, order.id, 'return-received', {});
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().error.fields.condition).toMatch(/can be sold again/);
    const receivedA = await ok(vendorA.cookie, order.id, 'return-received', RESELLABLE);
    expect(receivedA.status).toBe('return_requested');
    expect(receivedA.shipment).toMatchObject({ status: 'return_received', returnCondition: 'resellable' });
    expect(receivedA.returnReason).toBe('Wrong item delivered');
    expect(await kit.stockOf(a.id)).toBe(stockA + 2);
    const admin = (await signInAdmin(kit.t)).cookie;
    const logOf = async () => {
      const res = await json(kit.t.app, 'GET', `/api/admin/audit?entityId=${order.id}&pageSize=100`, undefined, admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AuditResponse).items;
    };
    const logged = new Set((await logOf()).map((e) => e.id));
    const refundedA = await ok(vendorA.cookie, order.id, 'refund');
    expect(refundedA.shipment?.status).toBe('refunded');
    expect((await payment(order.id)).amount_refunded_paise).toBe(2 * a.price_paise);
    // The seller did one thing: the audit log shows one entry, in words, carrying the credit note's and the money's steps.
    const written = (await logOf()).filter((e) => !logged.has(e.id));
    expect(written).toHaveLength(1);
    const [entry] = written;
    expect(auditActionLabel(entry!.action)).toBe('Refunded returned items');
    expect(entry).toMatchObject({
      actor: { role: 'vendor', userId: expect.any(String) },
      vendorId: vendorA.vendorId,
      before: { status: 'return_requested', amountRefundedPaise: 0 },
      after: {
        status: 'return_requested',
        amountRefundedPaise: 2 * a.price_paise,
        lines: [{ itemId: lineA.id, name: lineA.name, quantity: 2 }],
        creditNote: expect.any(String),
        steps: [
          expect.stringMatching(/^Credit note .* of ₹[\d,.]+ issued against the invoice: Items returned to /),
          `Refund of ${formatPaise(2 * a.price_paise)} issued to the customer's UPI.`,
        ],
      },
    });
    expect(entry!.summary).toBe(
      `Order ${order.orderNumber}: ${lineA.sellerName} refunded its returned items, ${formatPaise(2 * a.price_paise)} to the customer's UPI`,
    );
    expect((await act(vendorA.cookie, order.id, 'refund')).statusCode).toBe(409);
    // Vendor B found its unit damaged: written off, not back on sale; the customer is refunded all the same.
    const receivedB = await ok(vendorB.cookie, order.id, 'return-received', { condition: 'damaged' });
    expect(receivedB.status).toBe('returned');
    expect(receivedB.shipment?.returnCondition).toBe('damaged');
    expect(await kit.stockOf(b.id)).toBe(stockB);
    const timeline = (await kit.getOrder(customer, order.id)).timeline.map((e) => e.message);
    expect(timeline).toContainEqual(expect.stringMatching(/received the returned items and checked them: the items are back in stock\./));
    expect(timeline).toContainEqual(
      expect.stringMatching(/received the returned items and checked them: the items are damaged and will not be sold again\./),
    );
    expect((await ok(vendorB.cookie, order.id, 'refund')).status).toBe('refunded');
    expect((await payment(order.id)).amount_refunded_paise).toBe(2 * a.price_paise + b.price_paise);
    expect(await kit.mails('order_refunded', order.orderNumber)).toBe(2);
    // A vendor with no items in the order cannot touch it.
    for (const action of ['deliver', 'return-received', 'refund'])
      expect((await act(other.cookie, order.id, action, BODIES[action])).statusCode, action).toBe(404);
  });
});

describe('the packing slip and the rules of every operation', () => {
  it("prints the vendor's items without prices, and answers 404 to another vendor and 403 to a suspended one", async () => {
    const { order, vendorA, other } = await sharedOrder('cod');
    const slip = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/orders/${order.id}/packing-slip`,
      headers: { cookie: vendorA.cookie },
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(slip.rawPayload.length).toBeGreaterThan(1000);
    const theirs = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/orders/${order.id}/packing-slip`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    for (const action of ['deliver', 'cancel-lines', 'return-received', 'refund']) {
      expect((await act(other.cookie, order.id, action, BODIES[action])).statusCode, action).toBe(404);
    }

    const suspended = await signUpVendor(kit.t, 'Sanpada Suspended Systems');
    await kit.db().execute(sql`update vendors set status = 'suspended' where id = ${suspended.vendorId}`);
    for (const action of ['deliver', 'return-received', 'refund'])
      expect((await act(suspended.cookie, order.id, action, BODIES[action])).statusCode, action).toBe(403);
  });
});

describe("the admin's page of a seller", () => {
  it('counts the orders still waiting on the seller, which fall to the admin while it is suspended', async () => {
    const admin = await signInAdmin(kit.t);
    const first = await sharedOrder('cod');
    const [seller] = await rows<{ user_id: string }>(sql`select user_id from vendors where id = ${first.vendorA.vendorId}`);
    const openOrders = async () => {
      const res = await json(kit.t.app, 'GET', `/api/admin/users/${seller!.user_id}`, undefined, admin.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json() as { vendor: { openOrders: number } }).vendor.openOrders;
    };
    const before = await openOrders();
    expect(before).toBeGreaterThanOrEqual(1);
    const second = await sharedOrder('cod');
    expect(second.vendorA.vendorId).toBe(first.vendorA.vendorId);
    expect(await openOrders()).toBe(before + 1);
    // An order its customer cancelled waits on nobody.
    const cancelled = await json(kit.t.app, 'POST', `/api/orders/${second.order.id}/cancel`, { reason: 'Ordered twice' }, second.customer);
    expect(cancelled.statusCode).toBe(200);
    expect(await openOrders()).toBe(before);
  });
});

describe('what the packing slip tells the courier to collect', () => {
  /** The slip's text, its lines run together as a person reads them. */
  const slipText = async (cookie: string, orderId: string) => {
    const res = await kit.t.app.inject({ method: 'GET', url: `/api/vendor/orders/${orderId}/packing-slip`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload).replace(/\s+/g, ' ');
  };
  /** The vendor's share of the order, as its orders list shows it. */
  const shareOf = async (cookie: string, orderNumber: string) => {
    const res = await json(kit.t.app, 'GET', `/api/vendor/orders?q=${orderNumber}`, undefined, cookie);
    return (res.json().items as VendorOrder[])[0]!.amountPaise;
  };

  it("says the whole order's cash is collected once while another seller's parcel is on its way, then the amount to collect", async () => {
    const { order, vendorA, vendorB } = await sharedOrder('cod');
    const due = (await payment(order.id)).amount_paise;
    expect(due).toBe(order.totals.totalPaise);
    const [shareA, shareB] = [await shareOf(vendorA.cookie, order.orderNumber), await shareOf(vendorB.cookie, order.orderNumber)];
    // The cash due is every seller's share and the delivery charge.
    expect(shareA + shareB + order.totals.shippingPaise).toBe(due);

    const first = await slipText(vendorA.cookie, order.id);
    expect(first).toContain(`Cash on delivery: ${formatPaise(due)} for the whole order, collected once`);
    expect(first).toContain(
      `This order comes in 2 parcels from 2 sellers: the customer pays ${formatPaise(due)} once, for all of them, and the shop counts it as collected when the last parcel is delivered. Your items in this parcel come to ${formatPaise(shareA)}.`,
    );
    expect(first).toContain('Mobile +91 98220 12345');
    expect(first).not.toContain('+919822012345');
    expect(await slipText(vendorB.cookie, order.id)).toContain(`Your items in this parcel come to ${formatPaise(shareB)}.`);

    // B's parcel reached the customer: A's parcel completes the order, and its courier collects the cash.
    await ok(vendorB.cookie, order.id, 'ship', SHIP);
    await ok(vendorB.cookie, order.id, 'deliver');
    const last = await slipText(vendorA.cookie, order.id);
    expect(last).toContain(`Cash on delivery: collect ${formatPaise(due)} Everything the customer owes for this order, in cash.`);
    expect(last).not.toContain('parcels from');
    await ok(vendorA.cookie, order.id, 'ship', SHIP);
    await ok(vendorA.cookie, order.id, 'deliver');
    expect(await payment(order.id)).toMatchObject({ status: 'captured', amount_paise: due });
    expect(await slipText(vendorA.cookie, order.id)).toContain('Cash on delivery, collected already: collect nothing');
  });

  it('asks for the cash still due once the other seller cancelled its items, and for nothing on a prepaid order', async () => {
    const { order, b, vendorA, vendorB } = await sharedOrder('cod');
    const lineB = order.items.find((i) => i.productId === b.id)!;
    await ok(vendorB.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineB.id, quantity: 1 }], reason: 'Out of stock' });
    const due = (await payment(order.id)).amount_paise;
    expect(due).toBe(order.totals.totalPaise - b.price_paise);
    expect(due).toBe((await shareOf(vendorA.cookie, order.orderNumber)) + order.totals.shippingPaise);
    expect(await slipText(vendorA.cookie, order.id)).toContain(`Cash on delivery: collect ${formatPaise(due)}`);

    const prepaid = await sharedOrder('upi');
    const slip = await slipText(prepaid.vendorA.cookie, prepaid.order.id);
    expect(slip).toContain('Prepaid: collect nothing');
    expect(slip).not.toContain('Cash on delivery');
  });
});

describe('a vendor packs its items before shipping them', () => {
  const todo = async (cookie: string, which: string, orderNumber: string) => {
    const res = await json(kit.t.app, 'GET', `/api/vendor/orders?todo=${which}&q=${orderNumber}`, undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as VendorOrder[]).map((o) => o.orderNumber);
  };
  const dashboardTodo = async (cookie: string) =>
    (await json(kit.t.app, 'GET', '/api/vendor/dashboard?range=7d', undefined, cookie)).json().todo as Record<string, number>;

  it('moves the order from "to pack" to "to ship" for that vendor only, and off both once shipped', async () => {
    const { order, customer, vendorA, vendorB, other } = await sharedOrder('cod');
    const before = await dashboardTodo(vendorA.cookie);
    expect(await todo(vendorA.cookie, 'pack', order.orderNumber)).toEqual([order.orderNumber]);
    expect(await todo(vendorA.cookie, 'ship', order.orderNumber)).toEqual([]);

    const packed = await pack(vendorA.cookie, order.id);
    expect(packed.packedAt).not.toBeNull();
    expect(await todo(vendorA.cookie, 'pack', order.orderNumber)).toEqual([]);
    expect(await todo(vendorA.cookie, 'ship', order.orderNumber)).toEqual([order.orderNumber]);
    const after = await dashboardTodo(vendorA.cookie);
    expect(after.toPack).toBe(before.toPack! - 1);
    expect(after.toShip).toBe(before.toShip! + 1);
    // Packing again keeps the first time; vendor B's part is still to pack.
    expect((await pack(vendorA.cookie, order.id)).packedAt).toBe(packed.packedAt);
    expect(await todo(vendorB.cookie, 'pack', order.orderNumber)).toEqual([order.orderNumber]);
    // A vendor without items in the order cannot pack it, nor see it in any list.
    expect((await act(other.cookie, order.id, 'pack')).statusCode).toBe(404);
    // A customer (even the order's own) gets 403, a visitor 401.
    expect((await act(customer, order.id, 'pack')).statusCode).toBe(403);
    expect((await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/pack`)).statusCode).toBe(401);
    expect(await todo(other.cookie, 'pack', order.orderNumber)).toEqual([]);

    await ok(vendorA.cookie, order.id, 'ship', SHIP);
    expect(await todo(vendorA.cookie, 'ship', order.orderNumber)).toEqual([]);
    expect((await dashboardTodo(vendorA.cookie)).toShip).toBe(before.toShip);
    const again = await act(vendorA.cookie, order.id, 'pack');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your items of this order have been shipped already.');
  });

  it("shows the seller's packing on the customer's and the admin's timeline, once however often it is pressed", async () => {
    const { order, customer, vendorA } = await sharedOrder('cod');
    await pack(vendorA.cookie, order.id);
    await pack(vendorA.cookie, order.id);
    const seller = order.items[0]!.sellerName;
    const forCustomer = await kit.getOrder(customer, order.id);
    const packed = forCustomer.timeline.filter((e) => e.kind === 'packed');
    expect(packed).toEqual([
      {
        kind: 'packed',
        message: `${seller} packed your items: they are ready for the courier.`,
        actorRole: 'vendor',
        createdAt: expect.any(String),
      },
    ]);
    expect(forCustomer.packings).toEqual([
      {
        sellerName: seller,
        packedAt: expect.any(String),
        itemIds: forCustomer.items.filter((i) => i.sellerName === seller).map((i) => i.id),
      },
    ]);
    const admin = await signInAdmin(kit.t);
    const res = await json(kit.t.app, 'GET', `/api/admin/orders/${order.id}`, undefined, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminOrderResponse).order.timeline.filter((e) => e.kind === 'packed')).toHaveLength(1);
    // One audit entry for the step, not one per press.
    const audit = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${order.id} and action = 'order.pack'`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('lists a return to receive until the vendor has its items back, and refuses a suspended vendor', async () => {
    const { order, customer, vendorA, vendorB } = await sharedOrder('upi');
    for (const v of [vendorA, vendorB]) {
      await ok(v.cookie, order.id, 'ship', SHIP);
      await ok(v.cookie, order.id, 'deliver');
    }
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer)).statusCode).toBe(
      200,
    );
    expect(await todo(vendorA.cookie, 'return', order.orderNumber)).toEqual([order.orderNumber]);
    await ok(vendorA.cookie, order.id, 'return-received', RESELLABLE);
    // A has its items back; B has not: the order stays on B's list only.
    expect(await todo(vendorA.cookie, 'return', order.orderNumber)).toEqual([]);
    expect(await todo(vendorB.cookie, 'return', order.orderNumber)).toEqual([order.orderNumber]);
    // Each seller finds its own returns by what its check found: back in stock, or written off.
    const returned = async (cookie: string, condition: string) => {
      const res = await json(kit.t.app, 'GET', `/api/vendor/orders?returned=${condition}&q=${order.orderNumber}`, undefined, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as VendorOrder[]).map((o) => o.orderNumber);
    };
    expect(await returned(vendorA.cookie, 'resellable')).toEqual([order.orderNumber]);
    expect(await returned(vendorB.cookie, 'resellable')).toEqual([]);
    await ok(vendorB.cookie, order.id, 'return-received', { condition: 'damaged' });
    expect(await returned(vendorB.cookie, 'damaged')).toEqual([order.orderNumber]);
    expect(await returned(vendorA.cookie, 'damaged')).toEqual([]);
    const bad = await json(kit.t.app, 'GET', '/api/vendor/orders?returned=lost', undefined, vendorA.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ returned: 'Returned must be one of resellable, damaged' });

    const suspended = await signUpVendor(kit.t, 'Vashi Suspended Traders');
    await kit.db().execute(sql`update vendors set status = 'suspended' where id = ${suspended.vendorId}`);
    expect((await act(suspended.cookie, order.id, 'pack')).statusCode).toBe(403);
  });

  it('refuses an unknown to-do with the field to fix', async () => {
    const { vendorA } = await sharedOrder('cod');
    const res = await json(kit.t.app, 'GET', '/api/vendor/orders?todo=dance', undefined, vendorA.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.todo).toMatch(/To do must be one of pack, ship, late, return/);
  });
});

describe('credit notes against the invoice', () => {
  const pdf = (cookie: string, orderId: string, number: string) =>
    kit.t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/credit-notes/${encodeURIComponent(number)}`, headers: { cookie } });

  it('credits the units a seller cancels, then the rest with shipping when the customer cancels: the notes add up to the invoice', async () => {
    const { order, customer, a, lineA, vendorA } = await sharedOrder('upi');
    await ok(vendorA.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'One unit is scratched' });
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.creditNotes).toHaveLength(1);
    const [first] = seen.creditNotes;
    expect(first).toMatchObject({ number: `CN-${order.orderNumber}-1`, totalPaise: a.price_paise, shippingPaise: 0 });
    expect(first!.lines).toEqual([expect.objectContaining({ itemId: lineA.id, quantity: 1, amountPaise: a.price_paise })]);
    // Half of a line of two: half its taxable value, the GST the rest.
    expect(first!.taxablePaise).toBe(Math.round(lineA.taxablePaise / 2));
    expect(first!.taxablePaise + first!.gstPaise).toBe(a.price_paise);
    // The invoice is unchanged: it is what was issued.
    expect(seen.totals).toEqual(order.totals);
    expect(seen.timeline.some((e) => e.message.startsWith(`Credit note ${first!.number} of`))).toBe(true);

    const file = await pdf(customer, order.id, first!.number);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${first!.number}.pdf`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another customer, or a number this order does not have, is a 404.
    const stranger = await customerWithAddress(PUNE);
    expect((await pdf(stranger.cookie, order.id, first!.number)).statusCode).toBe(404);
    expect((await pdf(customer, order.id, `CN-${order.orderNumber}-9`)).statusCode).toBe(404);
    expect((await pdf('', order.id, first!.number)).statusCode).toBe(401);

    expect(
      (await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Found it cheaper elsewhere' }, customer)).statusCode,
    ).toBe(200);
    const cancelled = await kit.getOrder(customer, order.id);
    expect(cancelled.invoice).not.toBeNull();
    expect(cancelled.creditNotes.map((n) => n.number)).toEqual([first!.number, `CN-${order.orderNumber}-2`]);
    expect(cancelled.creditNotes[1]!.shippingPaise).toBe(order.totals.shippingPaise);
    const credited = cancelled.creditNotes.reduce((n, c) => n + c.totalPaise, 0);
    const gst = cancelled.creditNotes.reduce((n, c) => n + c.gstPaise, 0);
    expect(credited).toBe(order.totals.totalPaise);
    expect(gst).toBe(order.totals.gstPaise);
    expect(credited).toBe((await payment(order.id)).amount_refunded_paise);
  });

  it('credits a cash-on-delivery order cancelled before delivery, keeping its invoice, and each seller’s refunded return', async () => {
    const cod = await sharedOrder('cod');
    expect(
      (await json(kit.t.app, 'POST', `/api/orders/${cod.order.id}/cancel`, { reason: 'Ordered by mistake' }, cod.customer)).statusCode,
    ).toBe(200);
    const cancelled = await kit.getOrder(cod.customer, cod.order.id);
    expect(cancelled.invoice).not.toBeNull();
    expect(cancelled.creditNotes).toHaveLength(1);
    expect(cancelled.creditNotes[0]!.totalPaise).toBe(cod.order.totals.totalPaise);

    const { order, customer, a, vendorA, vendorB } = await sharedOrder('upi');
    for (const v of [vendorA, vendorB]) {
      await ok(v.cookie, order.id, 'ship', SHIP);
      await ok(v.cookie, order.id, 'deliver');
    }
    await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer);
    await ok(vendorA.cookie, order.id, 'return-received', RESELLABLE);
    await ok(vendorA.cookie, order.id, 'refund');
    const returned = await kit.getOrder(customer, order.id);
    expect(returned.creditNotes).toHaveLength(1);
    expect(returned.creditNotes[0]).toMatchObject({ totalPaise: 2 * a.price_paise, shippingPaise: 0 });
    expect(returned.creditNotes[0]!.reason).toMatch(/^Items returned to /);
  });
});

describe('a cash-on-delivery return received back by its sellers', () => {
  it('asks the customer for the bank account once the last seller has the items back, not before', async () => {
    const { order, customer, vendorA, vendorB } = await sharedOrder('cod');
    for (const v of [vendorA, vendorB]) {
      await ok(v.cookie, order.id, 'ship', SHIP);
      await ok(v.cookie, order.id, 'deliver');
    }
    await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Wrong item delivered' }, customer);
    const reminders = () =>
      rows<{ subject: string }>(
        sql`select subject from mail_messages where template = 'order_refund_account_needed' and data->>'orderNumber' = ${order.orderNumber}`,
      );
    await ok(vendorA.cookie, order.id, 'return-received', RESELLABLE);
    expect(await reminders()).toHaveLength(0);
    await ok(vendorB.cookie, order.id, 'return-received', { condition: 'damaged' });
    expect(await reminders()).toEqual([{ subject: `Your refund for order ${order.orderNumber}: we need your bank account` }]);
  });
});

describe('the audit log of order steps', () => {
  it('records each step a vendor takes on an order, with the vendor and the timeline’s words, and the chain holds', async () => {
    const { order, lineA, vendorA } = await sharedOrder('upi');
    await pack(vendorA.cookie, order.id);
    await ok(vendorA.cookie, order.id, 'cancel-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'One unit is scratched' });
    await ok(vendorA.cookie, order.id, 'ship', SHIP);
    const { items } = await kit.t.services.auditService.list({ entityId: order.id, page: 1, pageSize: 50 });
    const actions = items.map((e) => e.action).reverse();
    // One entry per thing the seller did: cancelling a unit is one, carrying its credit note and refund.
    expect(actions).toEqual(['order.pack', 'order.cancel_lines', expect.stringMatching(/^order\.(shipment|shipped)$/)]);
    expect(items.every((e) => e.actor.role === 'vendor' && e.actor.userId !== null)).toBe(true);
    // Every entry names the seller, the shipment written by the timeline too.
    expect(items.map((e) => e.vendorId)).toEqual([vendorA.vendorId, vendorA.vendorId, vendorA.vendorId]);
    const cancelled = items.find((e) => e.action === 'order.cancel_lines')!;
    expect(cancelled).toMatchObject({
      vendorId: vendorA.vendorId,
      summary: `Order ${order.orderNumber}: items cancelled by ${lineA.sellerName}: One unit is scratched`,
      after: {
        reason: 'One unit is scratched',
        lines: [{ itemId: lineA.id, name: lineA.name, quantity: 1 }],
        steps: [
          expect.stringMatching(/^Credit note .* issued against the invoice: Items cancelled by .*: One unit is scratched/),
          expect.stringMatching(/cancelled 1 item: One unit is scratched\. Refund of ₹[\d,.]+ issued to the customer's UPI\.$/),
        ],
      },
    });
    // Each entry names the order, and the log's search finds them all by its number.
    expect(items.every((e) => e.summary.startsWith(`Order ${order.orderNumber}`) || e.summary.includes(`order ${order.orderNumber}`))).toBe(
      true,
    );
    const found = await kit.t.services.auditService.list({ q: order.orderNumber, page: 1, pageSize: 50 });
    expect(found.items.map((e) => e.id).sort()).toEqual(items.map((e) => e.id).sort());
    expect((await kit.t.services.auditService.verify()).firstBroken).toBeNull();
  });
});
