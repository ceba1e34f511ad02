import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

const kit = useOrdersTestApp();
const {
  db,
  rows,
  productsUnder,
  stockOf,
  customerWithAddress,
  placed,
  getOrder,
  payOnGateway,
  UPI_OK,
  CARD,
  mails,
  signedWebhook,
  WEBHOOK_SECRET,
} = kit;

describe('paying online', () => {
  it('pays by UPI on the test gateway: the signed return confirms the order once, and the e-mails follow', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order, paymentRequired } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'express',
      paymentMethod: 'upi',
    });
    expect(paymentRequired).toBe(true);
    expect(order.status).toBe('pending_payment');
    expect(order.actions.canPay).toBe(true);
    expect(order.invoice).toBeNull();

    const back = await payOnGateway(cookie, order.id, UPI_OK);
    expect(back).toMatch(new RegExp(`^/api/payments/return/${order.id}\\?razorpay_payment_id=pay_`));
    const res = await kit.t.app.inject({ method: 'GET', url: back });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?order=${order.id}`);
    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment).toMatchObject({ status: 'captured', paidWith: 'upi', providerPaymentId: expect.stringMatching(/^pay_/) });
    expect(paid.invoice).not.toBeNull();
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    // The same return again (a reload) changes nothing.
    await kit.t.app.inject({ method: 'GET', url: back });
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/payment`, undefined, cookie)).statusCode).toBe(409);
  });

  it('a declined card leaves the order unpaid with the reason, and a second attempt pays it', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'card',
    });
    const declined = await payOnGateway(cookie, order.id, CARD('4000000000000002'));
    const res = await kit.t.app.inject({ method: 'GET', url: declined });
    expect(res.headers.location).toBe(`/order-success?order=${order.id}&payment=failed`);
    const failed = await getOrder(cookie, order.id);
    expect(failed.status).toBe('pending_payment');
    expect(failed.payment).toMatchObject({ status: 'failed', errorDescription: expect.stringMatching(/declined/) });
    expect(failed.timeline.some((e) => e.kind === 'payment_failed')).toBe(true);

    const ok = await payOnGateway(cookie, order.id, CARD('4111111111111111'));
    expect((await kit.t.app.inject({ method: 'GET', url: ok })).headers.location).toBe(`/order-success?order=${order.id}`);
    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment.attempts).toBe(2);
  });

  it('an order chosen for UPI and paid by card after the UPI attempt failed says card: on the order, its payment and its invoice', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    await kit.t.app.inject({ method: 'GET', url: await payOnGateway(cookie, order.id, { method: 'upi', vpa: 'failure@razorpay' }) });
    const ok = await payOnGateway(cookie, order.id, CARD('4111111111111111'));
    await kit.t.app.inject({ method: 'GET', url: ok });
    const paid = await getOrder(cookie, order.id);
    expect(paid).toMatchObject({ status: 'placed', paymentMethod: 'card' });
    expect(paid.payment).toMatchObject({ method: 'card', paidWith: 'card', status: 'captured' });
    // The failed UPI attempt stays in the order's history.
    expect(paid.timeline.map((e) => e.message).join('\n')).toMatch(/UPI failed[\s\S]*received by Credit or debit card/);
  });

  it('a tampered signature or order id is refused and the order stays unpaid; the genuine form post then pays it', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    const back = new URL(await payOnGateway(cookie, order.id, UPI_OK), 'http://x');
    const tampered = new URL(back);
    tampered.searchParams.set('razorpay_signature', '0'.repeat(64));
    const res = await kit.t.app.inject({ method: 'GET', url: tampered.pathname + tampered.search });
    expect(res.statusCode).toBe(400);
    const otherOrder = new URL(back);
    otherOrder.searchParams.set('razorpay_order_id', 'order_AAAAAAAAAAAAAA');
    expect((await kit.t.app.inject({ method: 'GET', url: otherOrder.pathname + otherOrder.search })).statusCode).toBe(400);
    // Razorpay Checkout posts the callback from its own origin: the signature decides, not the origin.
    const posted = await kit.t.app.inject({
      method: 'POST',
      url: `/api/payments/return/${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.razorpay.com' },
      payload: tampered.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().error.fields).toHaveProperty('razorpay_signature');
    const good = await kit.t.app.inject({
      method: 'POST',
      url: `/api/payments/return/${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.razorpay.com' },
      payload: back.searchParams.toString(),
    });
    expect(good.statusCode).toBe(303);
    expect((await getOrder(cookie, order.id)).status).toBe('placed');
  });

  it('the same webhook delivered 3 times, out of order, racing the browser callback, captures once', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    const back = await payOnGateway(cookie, order.id, UPI_OK);
    const deliveries = (await kit.t.services.testGateway!.listWebhookDeliveries()).filter(
      (d) => d.payload.includes(order.orderNumber) || d.payload.includes(order.id),
    );
    const events = deliveries.filter((d) => d.event === 'payment.captured' || d.event === 'order.paid');
    expect(events.length).toBeGreaterThanOrEqual(1);
    const calls = [...events, ...events, ...events].map((d) => () => signedWebhook(d.payload, d.id));
    calls.push(() => kit.t.app.inject({ method: 'GET', url: back }));
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((call) => call()));
    for (const r of results) expect([200, 303]).toContain(r.statusCode);

    const paid = await getOrder(cookie, order.id);
    expect(paid.status).toBe('placed');
    expect(paid.payment.status).toBe('captured');
    expect(paid.timeline.filter((e) => e.kind === 'placed')).toHaveLength(1);
    expect(await mails('order_paid', order.orderNumber)).toBe(1);
    const statuses = results.filter((r) => r.statusCode === 200).map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'duplicate').length).toBe(events.length * 2);
  });

  it('refuses a webhook whose body was changed after signing (a tampered amount)', async () => {
    const payload = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_AAAAAAAAAAAAAA', amount: 100 } } },
    });
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex');
    const res = await signedWebhook(payload.replace('"amount":100', '"amount":1'), 'evt_tampered0001', signature);
    expect(res.statusCode).toBe(400);
    expect((await signedWebhook(payload, 'evt_nosig', 'nope')).statusCode).toBe(400);
    // A signed event the shop does not act on is acknowledged (the provider would retry a 4xx);
    // a signed body that is not JSON is refused.
    const dispute = JSON.stringify({ entity: 'event', event: 'payment.dispute.created', created_at: 1763700000, payload: {} });
    const ignored = await signedWebhook(dispute, 'evt_dispute00001');
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().status).toBe('ignored');
    expect((await signedWebhook('not json', 'evt_notjson00001')).statusCode).toBe(400);
  });
});

describe('after the order', () => {
  it('cancelling a paid order returns the stock and refunds the payment in full through the provider', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const before = await stockOf(product!.id);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    await kit.t.app.inject({ method: 'GET', url: await payOnGateway(cookie, order.id, UPI_OK) });
    expect(await stockOf(product!.id)).toBe(before - 1);

    const res = await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Found a better price' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = (res.json() as { order: OrderDetail }).order;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({ amountPaise: order.totals.totalPaise, providerRefundId: expect.stringMatching(/^rfnd_/) }),
    ]);
    expect(cancelled.actions.canCancel).toBe(false);
    expect(await stockOf(product!.id)).toBe(before);
    expect(await mails('order_cancelled', order.orderNumber)).toBe(1);
    const gateway = await kit.t.services.paymentProvider.fetchPayment(cancelled.payment.providerPaymentId!);
    expect(gateway).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'again' }, cookie)).statusCode).toBe(409);
  });

  it('ships, delivers, takes a return request within 7 days, receives it and refunds it; a shipped order cannot be cancelled', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    // An admin with two-step sign-in set up, as every admin must have before the admin API answers.
    const admin = (await signInAdmin(kit.t)).cookie;
    expect(
      (await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/ship`, { carrier: 'Blue Dart', trackingNumber: 'BD1234567' }, cookie))
        .statusCode,
    ).toBe(403);
    const shipped = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${order.id}/ship`,
      { carrier: 'Blue Dart', trackingNumber: 'BD1234567', trackingUrl: 'https://www.bluedart.com/track?BD1234567' },
      admin,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.shipments[0]).toMatchObject({ carrier: 'Blue Dart', trackingNumber: 'BD1234567', status: 'shipped' });
    expect(await mails('order_shipped', order.orderNumber)).toBe(1);
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Too slow' }, cookie)).json().error.message).toMatch(
      /shipped/,
    );
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'No longer needed' }, cookie)).statusCode).toBe(409);

    const delivered = (await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/deliver`, undefined, admin)).json()
      .order as OrderDetail;
    expect(delivered.status).toBe('delivered');
    expect(delivered.payment.status).toBe('captured');
    expect(delivered.actions.canRequestReturn).toBe(true);
    expect(await mails('order_delivered', order.orderNumber)).toBe(1);
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Because' }, cookie)).statusCode).toBe(400);
    const returned = await json(
      kit.t.app,
      'POST',
      `/api/orders/${order.id}/return`,
      { reason: 'Damaged or defective on arrival', details: 'Screen cracked.' },
      cookie,
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().order).toMatchObject({
      status: 'return_requested',
      returnReason: 'Damaged or defective on arrival: Screen cracked',
    });
    // The customer hears that the request arrived and what happens next, as the sellers do.
    expect(await mails('order_return_requested', order.orderNumber)).toBe(1);

    // The shop receives the return and refunds it: cash on delivery by bank transfer. The screen is
    // cracked: the unit is written off, not put back on sale for the next buyer.
    const stockBefore = await stockOf(product!.id);
    expect((await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin)).statusCode).toBe(409);
    const unsaid = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/return-received`, undefined, admin);
    expect(unsaid.statusCode).toBe(400);
    const received = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/return-received`, { condition: 'damaged' }, admin);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().order).toMatchObject({
      status: 'returned',
      shipments: [expect.objectContaining({ returnCondition: 'damaged' })],
    });
    expect(received.json().order.timeline.at(-1).message).toBe(
      'Return received and checked: the items are damaged and will not be sold again. Your refund follows.',
    );
    expect(await stockOf(product!.id)).toBe(stockBefore);
    // The courier handed the cash to the shop: the shop transfers it back and records the transfer's reference.
    const noReference = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin);
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().error.fields).toEqual({ bankReference: 'Enter the bank transfer reference (UTR)' });
    // Nor is it made before anyone said where to send it: the record would name an account nobody gave.
    const nowhere = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, { bankReference: 'UTR20261129001' }, admin);
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().error.message).toMatch(/^The customer has not given a bank account for this refund yet\./);
    expect((await getOrder(cookie, order.id)).payment.amountRefundedPaise).toBe(0);
    await kit.recordRefundAccount(order.id, admin);
    const [{ last }] = (await db().execute<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from audit_log`)).rows as [
      { last: number },
    ];
    const refunded = (
      await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, { bankReference: 'UTR20261129001' }, admin)
    ).json().order as OrderDetail;
    // The admin did one thing: one audit entry, carrying the credit note's and the money's steps.
    const entries = (
      await db().execute<{ action: string; summary: string; after: { creditNote: string | null; steps: string[] } }>(
        sql`select action, summary, after from audit_log where id > ${last} order by id`,
      )
    ).rows;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'order.refunded', after: { creditNote: expect.any(String) } });
    expect(entries[0]!.summary).toMatch(new RegExp(`^Order ${order.orderNumber}: the return refunded in full, ₹[\\d,.]+ by bank transfer`));
    expect(entries[0]!.after.steps).toEqual([expect.stringMatching(/^Credit note /), expect.stringMatching(/^Refund of ₹/)]);
    expect(refunded.status).toBe('refunded');
    expect(refunded.timeline.at(-1)?.message).toMatch(/by bank transfer .*\(bank transfer UTR20261129001\)\.$/);
    expect(refunded.payment).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totals.totalPaise });
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ amountPaise: order.totals.totalPaise, providerRefundId: null, status: 'processed' }),
    ]);
    expect(await mails('order_refunded', order.orderNumber)).toBe(1);
    expect((await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/refund`, undefined, admin)).statusCode).toBe(409);

    // Past the window: a delivered order from 8 days ago.
    const late = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    await db().execute(sql`update orders set status = 'delivered', delivered_at = now() - interval '8 days' where id = ${late.order.id}`);
    const tooLate = await json(kit.t.app, 'POST', `/api/orders/${late.order.id}/return`, { reason: 'No longer needed' }, cookie);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(/7-day return window/);
  });

  it('unpaid orders expire: stock and coupon come back, and a payment that arrives later is refunded', async () => {
    await db().execute(sql`insert into coupons (code, description, kind, value, usage_limit) values ('EXPIRYTEST', 'x', 'flat', 10000, 5)`);
    const [product] = await productsUnder(45_000_00, 1);
    const before = await stockOf(product!.id);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
      couponCode: 'EXPIRYTEST',
    });
    const back = await payOnGateway(cookie, order.id, UPI_OK); // paid at the gateway, but the shop hears of it late

    expect(await kit.t.services.cancelOrder.expireUnpaid(new Date(Date.now() + 10 * 60_000))).toBe(0);
    expect(await kit.t.services.cancelOrder.expireUnpaid(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const expired = await getOrder(cookie, order.id);
    expect(expired.status).toBe('cancelled');
    expect(expired.cancelReason).toMatch(/not completed in time/);
    expect(await stockOf(product!.id)).toBe(before);
    const [coupon] = await rows<{ used_count: number }>(sql`select used_count from coupons where code = 'EXPIRYTEST'`);
    expect(coupon!.used_count).toBe(0);
    expect(await mails('order_cancelled', order.orderNumber)).toBe(1);

    await kit.t.app.inject({ method: 'GET', url: back });
    const refunded = await getOrder(cookie, order.id);
    expect(refunded.status).toBe('cancelled');
    expect(refunded.payment.status).toBe('refunded');
    expect(refunded.refunds[0]?.amountPaise).toBe(order.totals.totalPaise);
    expect((await json(kit.t.app, 'POST', `/api/orders/${order.id}/payment`, undefined, cookie)).statusCode).toBe(409);
  });

  it('serves the GST invoice as a PDF once the order is confirmed', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const res = await kit.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const unpaid = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect(
      (await kit.t.app.inject({ method: 'GET', url: `/api/orders/${unpaid.order.id}/invoice.pdf`, headers: { cookie } })).statusCode,
    ).toBe(409);
  });
});
