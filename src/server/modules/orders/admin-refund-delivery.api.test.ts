import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { adminOrdersFixtures } from './orders.admin.fixtures';

/**
 * Decision 53: "Refund items" gives the delivery charge back, alone or with items, once; and an order
 * with nothing left to refund is refunded, as "Refund in full" leaves it.
 */
const kit = useOrdersTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});
const { twoLineOrder, post, adminOrder, ok, shipAll, payment, refundRows } = adminOrdersFixtures(kit, () => admin);

/** A two-seller order with express delivery (always charged), both sellers' items shipped. */
async function shippedExpressOrder(paymentMethod: 'cod' | 'upi' = 'upi') {
  const placed = await twoLineOrder(paymentMethod, kit.PUNE, 'Aditi Joshi', 'express');
  expect(placed.order.totals.shippingPaise).toBeGreaterThan(0);
  await shipAll(placed.order.id);
  return { ...placed, shipping: placed.order.totals.shippingPaise };
}
const refundLines = (orderId: string, body: object, cookie = admin) =>
  json(kit.t.app, 'POST', `/api/admin/orders/${orderId}/refund-lines`, body, cookie);
const mailsOf = (orderNumber: string) =>
  kit.rows<{ subject: string; text: string }>(sql`
    select subject, text from mail_messages where template = 'order_partly_refunded' and data->>'orderNumber' = ${orderNumber}
     order by created_at`);

describe('an admin refunds the delivery charge', () => {
  it('alone: through the provider, once, on a credit note without GST, the timeline and the e-mail; the order goes on', async () => {
    const { order, customer, shipping } = await shippedExpressOrder();
    let page = await adminOrder(order.id);
    expect(page.controls.refundableDeliveryPaise).toBe(shipping);
    expect(page.controls.refundsCoverOrder).toBe(true);

    page = await ok(order.id, 'refund-lines', { includeDelivery: true, reason: 'Express delivery arrived three days late' });
    expect(page.controls.refundableDeliveryPaise).toBe(0);
    expect(page.controls.can.refundLines).toBe(true);
    expect(await payment(order.id)).toMatchObject({ status: 'partially_refunded', amount_refunded_paise: shipping });
    expect(await refundRows(order.id)).toEqual([{ amount_paise: shipping, reason: 'Express delivery arrived three days late' }]);

    const seen = await kit.getOrder(customer, order.id);
    expect(seen.status).toBe('shipped');
    expect(seen.payment.status).toBe('partially_refunded');
    // The delivery charge was invoiced without GST (decision 19), and is credited so.
    expect(seen.creditNotes).toEqual([
      expect.objectContaining({ lines: [], shippingPaise: shipping, taxablePaise: 0, gstPaise: 0, totalPaise: shipping }),
    ]);
    expect(seen.timeline.at(-1)!.message).toMatch(
      /^Refund of ₹[\d,.]+ for the delivery charge issued to your UPI: Express delivery arrived three days late\.$/,
    );
    const [mail] = await mailsOf(order.orderNumber);
    expect(mail!.subject).toMatch(new RegExp(`for the delivery charge of order ${order.orderNumber}$`));
    expect(mail!.text).toContain('Delivery charge: ₹');
    expect(mail!.text).toContain('The rest of your order is not affected.');

    // Again: refunded already, nothing more goes back.
    const again = await refundLines(order.id, { includeDelivery: true, reason: 'Asked again by phone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The delivery charge of this order has been refunded already.');
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it('with every item left: the order and its payment are refunded, as "Refund in full" leaves them', async () => {
    const { order, customer, lineA, lineB } = await shippedExpressOrder();
    const page = await ok(order.id, 'refund-lines', {
      lines: [
        { itemId: lineA.id, quantity: 2 },
        { itemId: lineB.id, quantity: 1 },
      ],
      includeDelivery: true,
      reason: 'Parcel lost by the courier',
    });
    expect(page.order.status).toBe('refunded');
    expect(page.controls.can).toMatchObject({ refundLines: false, refundReturn: false });
    expect(await payment(order.id)).toMatchObject({ status: 'refunded', amount_refunded_paise: order.totals.totalPaise });

    const seen = await kit.getOrder(customer, order.id);
    expect(seen).toMatchObject({ status: 'refunded', payment: { status: 'refunded' } });
    expect(seen.shipments.map((s) => s.status)).toEqual(['refunded', 'refunded']);
    expect(seen.creditNotes.reduce((n, c) => n + c.totalPaise, 0)).toBe(order.totals.totalPaise);
    expect(seen.creditNotes.reduce((n, c) => n + c.gstPaise, 0)).toBe(order.totals.gstPaise);
    expect(seen.timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      message: expect.stringMatching(
        /, the delivery charge of ₹[\d,.]+ included, issued .* Everything paid for the order has been refunded\.$/,
      ),
    });
    const [mail] = await mailsOf(order.orderNumber);
    expect(mail!.subject).toMatch(/for 3 items and the delivery charge of order/);
    expect(mail!.text).toContain('Everything you paid for this order has now been refunded.');
    // Nothing of it is left to return.
    expect(seen.actions.canRequestReturn).toBe(false);
  });

  it('keeps it when the admin refunds every item without it: the order is refunded, its payment partly; the charge can follow', async () => {
    const { order, customer, lineA, lineB, shipping } = await shippedExpressOrder();
    await ok(order.id, 'refund-lines', { lines: [{ itemId: lineA.id, quantity: 2 }], reason: 'Both units faulty' });
    let page = await adminOrder(order.id);
    expect(page.order.status).toBe('shipped');
    expect(page.controls.refundsCoverOrder).toBe(true);

    page = await ok(order.id, 'refund-lines', { lines: [{ itemId: lineB.id, quantity: 1 }], reason: 'Wrong model sent' });
    expect(page.order.status).toBe('refunded');
    expect(await payment(order.id)).toMatchObject({
      status: 'partially_refunded',
      amount_refunded_paise: order.totals.totalPaise - shipping,
    });
    expect(page.controls).toMatchObject({ refundableDeliveryPaise: shipping, can: { refundLines: true } });
    let seen = await kit.getOrder(customer, order.id);
    expect(seen).toMatchObject({ status: 'refunded', payment: { status: 'partially_refunded' } });
    expect(seen.timeline.at(-1)!.message).toMatch(/Every item of the order has been refunded; the delivery charge of ₹[\d,.]+ was not\.$/);
    expect((await mailsOf(order.orderNumber)).at(-1)!.text).toContain(
      'Every item of your order has now been refunded; the delivery charge',
    );

    // Later the shop gives the delivery charge back too: now everything is.
    page = await ok(order.id, 'refund-lines', { includeDelivery: true, reason: 'Goodwill: the delivery charge too' });
    expect(page.order.status).toBe('refunded');
    expect(await payment(order.id)).toMatchObject({ status: 'refunded', amount_refunded_paise: order.totals.totalPaise });
    seen = await kit.getOrder(customer, order.id);
    expect(seen.payment.status).toBe('refunded');
    expect((await mailsOf(order.orderNumber)).at(-1)!.text).toContain('Everything you paid for this order has now been refunded.');
  });

  it('once when two admins refund it at the same moment (the order row is locked)', async () => {
    const { order, shipping } = await shippedExpressOrder();
    const twice = await Promise.all(
      [1, 2].map(() => refundLines(order.id, { includeDelivery: true, reason: 'Late delivery, customer phoned twice' })),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().error.message).toMatch(/refunded already/);
    expect(await refundRows(order.id)).toEqual([{ amount_paise: shipping, reason: expect.any(String) }]);
    const notes = await kit.rows<{ shipping_paise: number }>(sql`select shipping_paise from credit_notes where order_id = ${order.id}`);
    expect(notes).toEqual([{ shipping_paise: shipping }]);
    expect(await payment(order.id)).toMatchObject({ amount_refunded_paise: shipping });
  });

  it('paid in cash: by the bank transfer to the account the customer gave, with its UTR', async () => {
    const { order, customer, lineA, lineB, shipping } = await shippedExpressOrder('cod');
    // Not collected yet: nothing to refund.
    const early = await refundLines(order.id, { includeDelivery: true, reason: 'Late delivery', bankReference: 'UTR555500010001' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/not been collected/);
    await ok(order.id, 'deliver');
    expect((await adminOrder(order.id)).controls.refundableDeliveryPaise).toBe(shipping);

    const noReference = await refundLines(order.id, { includeDelivery: true, reason: 'Late delivery' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().error.fields.bankReference).toBeTruthy();
    const noAccount = await refundLines(order.id, { includeDelivery: true, reason: 'Late delivery', bankReference: 'UTR555500010001' });
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().error.message).toMatch(/^The customer has not given a bank account for this refund yet\./);
    expect(await refundRows(order.id)).toEqual([]);
    expect((await kit.getOrder(customer, order.id)).creditNotes).toEqual([]);

    await kit.recordRefundAccount(order.id, admin);
    const page = await ok(order.id, 'refund-lines', {
      lines: [
        { itemId: lineA.id, quantity: 2 },
        { itemId: lineB.id, quantity: 1 },
      ],
      includeDelivery: true,
      reason: 'Customer refused the damaged parcel',
      bankReference: 'UTR555500010001',
    });
    expect(page.order.status).toBe('refunded');
    expect(await payment(order.id)).toMatchObject({ status: 'refunded', amount_refunded_paise: order.totals.totalPaise });
    const seen = await kit.getOrder(customer, order.id);
    expect(seen.timeline.at(-1)!.message).toMatch(/by bank transfer to the account you gave us \(bank transfer UTR555500010001\)/);
    const [mail] = await mailsOf(order.orderNumber);
    expect(mail!.text).toContain('(UTR UTR555500010001)');
    expect(mail!.text).toContain('Delivery charge: ₹');
    // Refunded in full: the refund account can no longer be changed.
    expect(page.controls.canRecordRefundAccount).toBe(false);
  });

  it('refuses what cannot be refunded (409) and bad input (400), changing nothing', async () => {
    // Standard delivery of these products is free: no charge to refund.
    const free = await twoLineOrder('upi');
    expect(free.order.totals.shippingPaise).toBe(0);
    await shipAll(free.order.id);
    expect((await adminOrder(free.order.id)).controls.refundableDeliveryPaise).toBe(0);
    const none = await refundLines(free.order.id, { includeDelivery: true, reason: 'Late delivery' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('No delivery charge was paid for this order, so there is none to refund.');

    // Not shipped yet: cancelling gives it back, not refunding.
    const unshipped = await twoLineOrder('upi', kit.PUNE, 'Aditi Joshi', 'express');
    expect((await adminOrder(unshipped.order.id)).controls).toMatchObject({ refundableDeliveryPaise: 0, can: { refundLines: false } });
    const early = await refundLines(unshipped.order.id, { includeDelivery: true, reason: 'Late delivery' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/cancel the order/);

    const { order } = await shippedExpressOrder();
    for (const [body, field] of [
      [{ reason: 'Late delivery' }, 'lines'],
      [{ includeDelivery: false, reason: 'Late delivery' }, 'lines'],
      [{ includeDelivery: 'yes', reason: 'Late delivery' }, 'includeDelivery'],
      [{ includeDelivery: true, reason: 'no' }, 'reason'],
      [{ lines: [], includeDelivery: true, reason: 'Late delivery', refundShipping: true }, null],
    ] as const) {
      const res = await refundLines(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().error.fields[field], JSON.stringify(body)).toBeTruthy();
    }
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('is the admin’s only: 403 for a customer (even the order’s own) and a seller, 401 signed out', async () => {
    const { order, customer } = await shippedExpressOrder();
    const login = await json(kit.t.app, 'POST', '/api/auth/login', {
      email: DEMO_ACCOUNTS.shopVendor.email,
      password: DEMO_ACCOUNTS.shopVendor.password,
      portal: 'vendor',
    });
    const body = { includeDelivery: true, reason: 'Late delivery' };
    expect((await refundLines(order.id, body, customer)).statusCode).toBe(403);
    expect((await refundLines(order.id, body, (await signUpCustomer(kit.t)).cookie)).statusCode).toBe(403);
    expect((await refundLines(order.id, body, cookieFrom(login))).statusCode).toBe(403);
    expect((await post(`/api/admin/orders/${order.id}/refund-lines`, body, '')).statusCode).toBe(401);
    expect(await refundRows(order.id)).toEqual([]);
  });
});
