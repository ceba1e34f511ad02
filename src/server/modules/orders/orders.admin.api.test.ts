import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrdersResponse } from '~/shared/schemas/admin-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { adminOrdersFixtures } from './orders.admin.fixtures';

const kit = useOrdersTestApp();
const { rows, PUNE, BENGALURU } = kit;

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

const { twoLineOrder, get, post, adminOrder, ok, payment, refundRows } = adminOrdersFixtures(kit, () => admin);
async function list(query: string): Promise<AdminOrdersResponse> {
  const res = await get(`/api/admin/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrdersResponse;
}
const numbersIn = (r: AdminOrdersResponse) => r.items.map((o) => o.orderNumber);

describe('who may use the orders console', () => {
  it('refuses customers and vendors (403) and visitors (401) on every admin orders route', async () => {
    const { order } = await twoLineOrder('cod');
    const customer = (await signUpCustomer(kit.t)).cookie;
    const login = await json(kit.t.app, 'POST', '/api/auth/login', {
      email: DEMO_ACCOUNTS.shopVendor.email,
      password: DEMO_ACCOUNTS.shopVendor.password,
      portal: 'vendor',
    });
    const vendor = cookieFrom(login);
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/order-sellers'],
      ['GET', `/api/admin/orders/${order.id}`],
      ['POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Customer phoned to cancel' }],
      ['POST', `/api/admin/orders/${order.id}/refund-lines`, { lines: [{ itemId: order.items[0]!.id, quantity: 1 }], reason: 'Damaged' }],
      ['POST', `/api/admin/orders/${order.id}/ship`, { carrier: 'Blue Dart', trackingNumber: 'BD99887766' }],
      ['POST', `/api/admin/orders/${order.id}/deliver`],
    ];
    for (const [method, url, body] of routes) {
      expect((await json(kit.t.app, method as 'GET', url, body, customer)).statusCode, `${method} ${url} as customer`).toBe(403);
      expect((await json(kit.t.app, method as 'GET', url, body, vendor)).statusCode, `${method} ${url} as vendor`).toBe(403);
      expect((await json(kit.t.app, method as 'GET', url, body)).statusCode, `${method} ${url} as visitor`).toBe(401);
    }
    // Nothing happened to the order.
    expect((await adminOrder(order.id)).order.status).toBe('placed');
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await get('/api/admin/orders/ord_nope')).statusCode).toBe(404);
    const res = await post('/api/admin/orders/ord_nope/cancel', { reason: 'Customer phoned to cancel' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no order/);
    expect(
      (await post('/api/admin/orders/ord_nope/refund-lines', { lines: [{ itemId: 'x', quantity: 1 }], reason: 'Damaged' })).statusCode,
    ).toBe(404);
  });
});

describe('the list of every order', () => {
  it('finds orders by number, customer, tracking number, and filters by payment, seller, state, status, days and lateness', async () => {
    const upi = await twoLineOrder('upi', PUNE, 'Kavya Deshpande');
    const cod = await twoLineOrder('cod', BENGALURU, 'Farhan Qureshi');
    await ok(upi.order.id, 'ship', { carrier: 'Blue Dart', trackingNumber: 'AWBQX771234', vendorId: upi.a.vendor_id });

    expect(numbersIn(await list(`q=${upi.order.orderNumber}`))).toEqual([upi.order.orderNumber]);
    expect(numbersIn(await list('q=Farhan Qureshi'))).toEqual([cod.order.orderNumber]);
    expect(numbersIn(await list(`q=${encodeURIComponent(cod.order.customer.email.toUpperCase())}`))).toEqual([cod.order.orderNumber]);
    const byAwb = await list('q=qx7712');
    expect(numbersIn(byAwb)).toEqual([upi.order.orderNumber]);
    expect(byAwb.items[0]).toMatchObject({
      status: 'partly_shipped',
      paymentMethod: 'upi',
      paymentStatus: 'captured',
      customer: { name: 'Kavya Deshpande' },
      shipTo: { state: 'Maharashtra', city: 'Pune' },
      itemCount: 3,
      trackingNumbers: ['AWBQX771234'],
      late: false,
    });
    expect(byAwb.items[0]!.sellers).toHaveLength(2);

    const codOnly = numbersIn(await list('payment=cod&pageSize=100'));
    expect(codOnly).toContain(cod.order.orderNumber);
    expect(codOnly).not.toContain(upi.order.orderNumber);
    const prepaid = numbersIn(await list('payment=prepaid&pageSize=100'));
    expect(prepaid).toContain(upi.order.orderNumber);
    expect(prepaid).not.toContain(cod.order.orderNumber);
    const karnataka = await list('state=Karnataka&pageSize=100');
    expect(numbersIn(karnataka)).toContain(cod.order.orderNumber);
    expect(karnataka.items.every((o) => o.shipTo.state === 'Karnataka')).toBe(true);
    const sellers = (await get('/api/admin/order-sellers')).json().sellers as { id: string; name: string }[];
    expect(sellers.map((v) => v.id)).toEqual(expect.arrayContaining([upi.a.vendor_id, upi.b.vendor_id]));
    const sellerA = numbersIn(await list(`vendorId=${upi.a.vendor_id}&pageSize=100`));
    expect(sellerA).toContain(upi.order.orderNumber);
    const shipped = await list('status=partly_shipped&pageSize=100');
    expect(numbersIn(shipped)).toContain(upi.order.orderNumber);
    expect(shipped.items.every((o) => o.status === 'partly_shipped')).toBe(true);

    // Placed three days ago and not shipped: late. Placed today, or shipped: not late.
    await kit.db().execute(sql`update orders set order_date = now() - interval '3 days' where id = ${cod.order.id}`);
    const late = await list('late=true&pageSize=100');
    expect(numbersIn(late)).toContain(cod.order.orderNumber);
    expect(numbersIn(late)).not.toContain(upi.order.orderNumber);
    expect(late.items.every((o) => o.late)).toBe(true);
    expect((await adminOrder(cod.order.id)).controls.late).toBe(true);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const todays = numbersIn(await list(`from=${today}&to=${today}&pageSize=100`));
    expect(todays).toContain(upi.order.orderNumber);
    expect(todays).not.toContain(cod.order.orderNumber);
  });

  it('pages newest first, sorts, and refuses a bad query with field errors', async () => {
    await twoLineOrder('cod');
    await twoLineOrder('cod');
    const all = await list('pageSize=100');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const dates = all.items.map((o) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = await list('pageSize=1&page=1');
    const second = await list('pageSize=1&page=2');
    expect(first.total).toBe(all.total);
    expect(first.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.items[0]!.id).toBe(all.items[1]!.id);
    const byTotal = (await list('sort=total&pageSize=100')).items.map((o) => o.totalPaise);
    expect(byTotal).toEqual([...byTotal].sort((x, y) => x - y));

    const bad = await get('/api/admin/orders?status=lost&payment=cash');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['status', 'payment']));
    const backwards = await get('/api/admin/orders?from=2026-05-10&to=2026-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toBeTruthy();
  });
});

describe('an admin refunds part of an order', () => {
  it('refunds exactly the chosen line through the provider, issues a credit note, and refunds a unit only once', async () => {
    const { order, customer, a, lineA, lineB } = await twoLineOrder('upi');
    let page = await adminOrder(order.id);
    expect(page.controls.can).toMatchObject({ ship: true, cancel: true, refundLines: false });
    // Not shipped yet: refunding is refused (cancel instead).
    const early = await post(`/api/admin/orders/${order.id}/refund-lines`, {
      lines: [{ itemId: lineA.id, quantity: 1 }],
      reason: 'Damaged in transit',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.lines).toMatch(/cancel it instead/);

    await ok(order.id, 'ship', { carrier: 'Blue Dart', trackingNumber: 'BD1000001', vendorId: a.vendor_id });
    await ok(order.id, 'ship', { carrier: 'Delhivery', trackingNumber: 'DL2000002' });
    page = await adminOrder(order.id);
    expect(page.order.status).toBe('shipped');
    expect(page.controls.lines.find((l) => l.itemId === lineA.id)).toMatchObject({ refundable: 2, cancellable: 0 });

    const [{ last } = { last: 0 }] = await rows<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from audit_log`);
    page = await ok(order.id, 'refund-lines', { lines: [{ itemId: lineA.id, quantity: 1 }], reason: 'One unit arrived damaged' });
    expect(await payment(order.id)).toMatchObject({ status: 'partially_refunded', amount_refunded_paise: a.price_paise });
    expect(page.controls.lines.find((l) => l.itemId === lineA.id)!.refundable).toBe(1);
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.status).toBe('shipped');
    expect(seen.refunds.map((r) => r.amountPaise)).toEqual([a.price_paise]);
    expect(seen.creditNotes).toHaveLength(1);
    expect(seen.creditNotes[0]).toMatchObject({ totalPaise: a.price_paise, shippingPaise: 0 });
    expect(seen.creditNotes[0]!.lines).toEqual([expect.objectContaining({ itemId: lineA.id, quantity: 1, amountPaise: a.price_paise })]);
    expect(seen.timeline.at(-1)!.message).toMatch(/Refund of .* issued to your UPI: One unit arrived damaged/);

    // The customer and the admin can both download the credit note; another customer cannot.
    const pdfUrl = `/api/orders/${order.id}/credit-notes/${seen.creditNotes[0]!.number}`;
    const asAdmin = await get(pdfUrl);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    expect((await get(pdfUrl, customer)).statusCode).toBe(200);
    expect((await get(pdfUrl, (await signUpCustomer(kit.t)).cookie)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(200);

    // The admin did one thing, so the audit log has one entry: the money before and after, the items
    // by name, the credit note, and the steps the customer's timeline shows, said about the customer.
    const written = await rows<{ action: string; summary: string; before: unknown; after: Record<string, unknown> }>(
      sql`select action, summary, before, after from audit_log where id > ${last} order by id`,
    );
    expect(written).toHaveLength(1);
    const [entry] = written;
    expect(entry!.action).toBe('order.refund_lines');
    expect(entry!.summary).toMatch(
      new RegExp(`^Order ${order.orderNumber}: ₹[\\d,.]+ refunded by an admin to the customer's UPI: One unit arrived damaged$`),
    );
    expect(entry).toMatchObject({
      before: { amountRefundedPaise: 0 },
      after: {
        amountRefundedPaise: a.price_paise,
        lines: [{ itemId: lineA.id, name: lineA.name, quantity: 1 }],
        creditNote: seen.creditNotes[0]!.number,
      },
    });
    expect(entry!.after.steps).toEqual([
      expect.stringMatching(new RegExp(`^Credit note ${seen.creditNotes[0]!.number} of ₹[\\d,.]+ issued against the invoice`)),
      expect.stringMatching(/^Refund of ₹[\d,.]+ issued to the customer's UPI: One unit arrived damaged/),
    ]);

    // Two admins refund the same line at once: the money goes back once.
    const twice = await Promise.all([
      post(`/api/admin/orders/${order.id}/refund-lines`, { lines: [{ itemId: lineB.id, quantity: 1 }], reason: 'Wrong colour sent' }),
      post(`/api/admin/orders/${order.id}/refund-lines`, { lines: [{ itemId: lineB.id, quantity: 1 }], reason: 'Wrong colour sent' }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().error.message).toMatch(/refunded already/);
    expect((await refundRows(order.id)).map((r) => r.amount_paise)).toEqual([a.price_paise, lineB.lineTotalPaise - lineB.discountPaise]);
    expect((await kit.getOrder(customer, order.id)).creditNotes).toHaveLength(2);

    // More units than are left: a field error, nothing refunded.
    const more = await post(`/api/admin/orders/${order.id}/refund-lines`, {
      lines: [{ itemId: lineA.id, quantity: 2 }],
      reason: 'Both damaged',
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().error.fields.lines).toMatch(/between 1 and 1/);
    expect((await refundRows(order.id)).length).toBe(2);
  });

  it('records a bank transfer with its reference for cash on delivery, once the cash was collected', async () => {
    const { order, customer, lineB } = await twoLineOrder('cod');
    const page = await adminOrder(order.id);
    for (const [n, seller] of page.controls.sellers.entries()) {
      await ok(order.id, 'ship', { carrier: 'Delhivery', trackingNumber: `DL300000${n}`, vendorId: seller.vendorId });
    }
    const notCollected = await post(`/api/admin/orders/${order.id}/refund-lines`, {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'Screen scratched',
      bankReference: 'UTR123456789012',
    });
    expect(notCollected.statusCode).toBe(409);
    expect(notCollected.json().error.message).toMatch(/not been collected/);
    await ok(order.id, 'deliver');
    const noReference = await post(`/api/admin/orders/${order.id}/refund-lines`, {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'Screen scratched',
    });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().error.fields.bankReference).toBeTruthy();
    const nowhere = await post(`/api/admin/orders/${order.id}/refund-lines`, {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'Screen scratched',
      bankReference: 'UTR123456789012',
    });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().error.message).toMatch(/^The customer has not given a bank account for this refund yet\./);
    // No return was asked for, so only the admin can record the account the customer gives by phone.
    expect((await adminOrder(order.id)).controls.canRecordRefundAccount).toBe(true);
    await kit.recordRefundAccount(order.id, admin);

    const done = await ok(order.id, 'refund-lines', {
      lines: [{ itemId: lineB.id, quantity: 1 }],
      reason: 'Screen scratched',
      bankReference: 'UTR123456789012',
    });
    expect(done.controls.refundByBankTransfer).toBe(true);
    expect(await refundRows(order.id)).toEqual([
      { amount_paise: lineB.lineTotalPaise - lineB.discountPaise, reason: expect.stringContaining('UTR123456789012') },
    ]);
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.timeline.at(-1)!.message).toMatch(/by bank transfer .*UTR123456789012/);
    expect(seen.creditNotes).toHaveLength(1);
    // The customer is e-mailed the refund, with the transfer's UTR.
    const [mail] = await rows<{ subject: string; text: string }>(
      sql`select subject, text from mail_messages where template = 'order_partly_refunded' and data->>'orderNumber' = ${order.orderNumber}`,
    );
    expect(mail!.subject).toContain(`for an item of order ${order.orderNumber}`);
    expect(mail!.text).toContain('(UTR UTR123456789012)');
  });
});

describe('an admin cancels', () => {
  it('chosen lines before they ship: back in stock, less cash to collect, the reason on the timeline', async () => {
    const { order, customer, a, lineA } = await twoLineOrder('cod');
    const stock = await kit.stockOf(a.id);
    const page = await ok(order.id, 'cancel', {
      reason: 'Seller out of stock, customer informed',
      lines: [{ itemId: lineA.id, quantity: 2 }],
    });
    expect(page.order.items.find((i) => i.id === lineA.id)!.cancelledQuantity).toBe(2);
    expect(await kit.stockOf(a.id)).toBe(stock + 2);
    expect((await payment(order.id)).amount_paise).toBe(order.totals.totalPaise - lineA.lineTotalPaise + lineA.discountPaise);
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.status).toBe('placed');
    expect(seen.timeline.at(-1)!.message).toMatch(/Seller out of stock, customer informed/);
    const [entry] = await rows<{ before: { status: string } }>(
      sql`select before from audit_log where action = 'order.cancel_lines' and entity_id = ${order.id}`,
    );
    expect(entry!.before.status).toBe('placed');

    // The same line again: nothing left of it to cancel.
    const again = await post(`/api/admin/orders/${order.id}/cancel`, {
      reason: 'Out of stock again',
      lines: [{ itemId: lineA.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.lines).toMatch(/cancelled already/);
  });

  it('the whole order with a reason: stock back, a prepaid order refunded in full; bad input gets field errors', async () => {
    const { order, customer, a, b } = await twoLineOrder('upi');
    const stock = [await kit.stockOf(a.id), await kit.stockOf(b.id)];
    const bad = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'no', lines: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['reason', 'lines']));
    const extra = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked to cancel', refund: true });
    expect(extra.statusCode).toBe(400);

    const [{ last } = { last: 0 }] = await rows<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from audit_log`);
    const page = await ok(order.id, 'cancel', { reason: 'Customer asked by phone to cancel' });
    expect(page.order.status).toBe('cancelled');
    expect([await kit.stockOf(a.id), await kit.stockOf(b.id)]).toEqual([stock[0]! + 2, stock[1]! + 1]);
    expect(await payment(order.id)).toMatchObject({ status: 'refunded', amount_refunded_paise: order.totals.totalPaise });
    // One audit entry for the one thing the admin did, carrying its steps: the credit note and the cancellation.
    const written = await rows<{ action: string; after: { status: string; steps: string[] } }>(
      sql`select action, after from audit_log where id > ${last} order by id`,
    );
    expect(written.map((e) => e.action)).toEqual(['order.cancel']);
    expect(written[0]!.after).toMatchObject({
      status: 'cancelled',
      steps: [
        expect.stringMatching(/^Credit note .* of ₹[\d,.]+ issued against the invoice: Order cancelled: Customer asked by phone to cancel/),
        'Cancelled by the shop: Customer asked by phone to cancel',
      ],
    });
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.cancelReason).toBe('Customer asked by phone to cancel');
    expect(seen.creditNotes.at(-1)!.totalPaise).toBe(order.totals.totalPaise);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked again' })).statusCode).toBe(409);
  });
});
