import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { TestGateway } from './test-gateway/test-gateway';

let t: TestApp;
let gateway: TestGateway;

beforeAll(async () => {
  t = await createTestApp({
    TEST_GATEWAY_KEY_SECRET: 'key-secret-for-api-tests',
    TEST_GATEWAY_WEBHOOK_SECRET: 'webhook-secret-for-api-tests',
  });
  gateway = t.services.testGateway!;
});
afterAll(() => t.close());

const RETURN = '/checkout/return';
const card = (number: string) => ({
  method: 'card',
  card_number: number,
  card_expiry: '12/40',
  card_cvv: '123',
  card_name: 'Rohan Deshpande',
});

async function newOrder(amountPaise = 12345600) {
  return t.services.paymentProvider.createOrder({ amountPaise, receipt: `SC-${Date.now()}`, notes: { shop_order: 'ord_test' } });
}

function pay(orderId: string, fields: Record<string, string>, returnUrl = RETURN) {
  return t.app.inject({
    method: 'POST',
    url: `/test-gateway/checkout/${orderId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: new URLSearchParams({ ...fields, return_url: returnUrl }).toString(),
  });
}

function returned(location: string | undefined) {
  expect(location).toBeDefined();
  const url = new URL(location!, 'http://localhost');
  expect(url.pathname).toBe(RETURN);
  return url.searchParams;
}

describe('test gateway hosted page', () => {
  it('shows the merchant, the amount in Indian style, the order and every method, with no inline script or style', async () => {
    const order = await newOrder();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 12345600,
      currency: 'INR',
      status: 'created',
    });
    const checkout = t.services.paymentProvider.checkout({ orderId: order.id, amountPaise: order.amountPaise, returnUrl: RETURN });
    expect(checkout.kind).toBe('hosted-page');
    const url = new URL(checkout.kind === 'hosted-page' ? checkout.url : '');
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    for (const text of [
      'Sahyadri Computers',
      '₹1,23,456.00',
      order.id,
      'Card',
      'UPI',
      'Net banking',
      'EMI',
      'HDFC Bank',
      '4111 1111 1111 1111',
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    const css = await t.app.inject({ method: 'GET', url: '/test-gateway/assets/checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('refuses a return address on another site', async () => {
    const order = await newOrder();
    const page = await t.app.inject({
      method: 'GET',
      url: `/test-gateway/checkout/${order.id}?return_url=${encodeURIComponent('https://evil.example.com/x')}`,
    });
    expect(page.statusCode).toBe(400);
    const res = await pay(order.id, card('4111 1111 1111 1111'), '//evil.example.com/x');
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('pays by the success card: captured, order paid, back to the shop with a valid signature', async () => {
    const order = await newOrder();
    const res = await pay(order.id, card('4111 1111 1111 1111'));
    expect(res.statusCode).toBe(303);
    const q = returned(res.headers.location);
    const paymentId = q.get('razorpay_payment_id')!;
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(q.get('razorpay_order_id')).toBe(order.id);
    const signature = q.get('razorpay_signature')!;
    expect(t.services.paymentProvider.verifyPaymentSignature({ orderId: order.id, paymentId, signature })).toBe(true);
    expect(signature).toBe(createHmac('sha256', 'key-secret-for-api-tests').update(`${order.id}|${paymentId}`).digest('hex'));
    expect(
      // Another last character (never the same one: an id may end in x itself).
      t.services.paymentProvider.verifyPaymentSignature({
        orderId: order.id,
        paymentId: `${paymentId.slice(0, -1)}${paymentId.endsWith('x') ? 'y' : 'x'}`,
        signature,
      }),
    ).toBe(false);
    expect(await t.services.paymentProvider.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      captured: true,
      amountPaise: 12345600,
      method: 'card',
    });

    // A paid order takes no second payment.
    expect((await pay(order.id, card('4111 1111 1111 1111'))).statusCode).toBe(409);
  });

  it('sends a declined card and insufficient funds back as failures', async () => {
    const order = await newOrder();
    const declined = returned((await pay(order.id, card('4000 0000 0000 0002'))).headers.location);
    expect(declined.get('error[code]')).toBe('BAD_REQUEST_ERROR');
    expect(declined.get('error[description]')).toMatch(/declined by the bank/);
    expect(declined.get('razorpay_order_id')).toBe(order.id);
    expect(declined.get('razorpay_signature')).toBeNull();
    const paymentId = JSON.parse(declined.get('error[metadata]')!).payment_id;
    expect(await t.services.paymentProvider.fetchPayment(paymentId)).toMatchObject({ status: 'failed', errorCode: 'BAD_REQUEST_ERROR' });

    const poor = returned((await pay(order.id, card('4000000000009995'))).headers.location);
    expect(poor.get('error[description]')).toMatch(/insufficient/);
    // After failures the same order can still be paid.
    expect(returned((await pay(order.id, card('4111111111111111'))).headers.location).get('razorpay_signature')).toBeTruthy();
  });

  it('re-shows the page with the reason for invalid card details, and pays nothing', async () => {
    const order = await newOrder();
    for (const [fields, reason] of [
      [{ ...card('4111 1111 1111 1112') }, 'valid card number'],
      [{ ...card('4111 1111 1111 1111'), card_expiry: '01/20' }, 'expired'],
      [{ ...card('4111 1111 1111 1111'), card_cvv: '12' }, 'CVV'],
      [{ method: 'upi', vpa: 'someone@okhdfc' }, 'success@razorpay'],
    ] as const) {
      const res = await pay(order.id, fields);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(reason);
    }
  });

  it('pays by UPI, net banking and EMI with their success and failure paths', async () => {
    const upiOk = await newOrder(99_900);
    expect(
      returned((await pay(upiOk.id, { method: 'upi', vpa: 'success@razorpay' })).headers.location).get('razorpay_signature'),
    ).toBeTruthy();
    const upiFail = await newOrder(99_900);
    expect(returned((await pay(upiFail.id, { method: 'upi', vpa: 'failure@razorpay' })).headers.location).get('error[code]')).toBe(
      'BAD_REQUEST_ERROR',
    );
    const nb = await newOrder(99_900);
    expect(returned((await pay(nb.id, { method: 'netbanking', choice: 'KKBK:failure' })).headers.location).get('error[code]')).toBe(
      'BAD_REQUEST_ERROR',
    );
    expect(
      returned((await pay(nb.id, { method: 'netbanking', choice: 'HDFC:success' })).headers.location).get('razorpay_signature'),
    ).toBeTruthy();
    const emi = await newOrder(99_900);
    const q = returned((await pay(emi.id, { ...card('4111 1111 1111 1111'), method: 'emi', emi_tenure: '6' })).headers.location);
    expect(await t.services.paymentProvider.fetchPayment(q.get('razorpay_payment_id')!)).toMatchObject({
      method: 'emi',
      status: 'captured',
    });
  });
});

describe('refunds', () => {
  it('refunds part, then the rest; more than what is left is refused', async () => {
    const order = await newOrder(1_000_000);
    const paymentId = returned((await pay(order.id, card('4111 1111 1111 1111'))).headers.location).get('razorpay_payment_id')!;
    const provider = t.services.paymentProvider;
    const part = await provider.refund(paymentId, { amountPaise: 250_000, notes: { reason: 'Mouse returned' } });
    expect(part).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      amountPaise: 250_000,
      status: 'processed',
      notes: { reason: 'Mouse returned' },
    });
    expect(await provider.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amountRefundedPaise: 250_000,
      refundStatus: 'partial',
    });
    await expect(provider.refund(paymentId, { amountPaise: 750_001 })).rejects.toMatchObject({ code: 'VALIDATION' });
    const rest = await provider.refund(paymentId);
    expect(rest.amountPaise).toBe(750_000);
    expect(await provider.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 1_000_000,
      refundStatus: 'full',
    });
    await expect(provider.refund(paymentId, { amountPaise: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses to refund a failed payment', async () => {
    const order = await newOrder();
    const q = returned((await pay(order.id, card('4000 0000 0000 0002'))).headers.location);
    const paymentId = JSON.parse(q.get('error[metadata]')!).payment_id;
    await expect(t.services.paymentProvider.refund(paymentId)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('webhooks', () => {
  it('queues signed events and delivers them at least once, retrying after a failure', async () => {
    // Deliver whatever earlier tests queued, so this test sees only its own events.
    const ok = (async () => new Response('ok', { status: 200 })) as unknown as typeof fetch;
    while (
      (await gateway.deliverPendingWebhooks({ url: 'http://shop.test/webhook', fetch: ok, now: new Date(Date.now() + 86_400_000) }))
        .delivered > 0
    );

    const order = await newOrder(54_321);
    const paymentId = returned((await pay(order.id, { method: 'upi', vpa: 'success@razorpay' })).headers.location).get(
      'razorpay_payment_id',
    )!;

    const received: { body: string; signature: string; eventId: string }[] = [];
    let calls = 0;
    const flaky = (async (_url: string, init: RequestInit) => {
      calls += 1;
      if (calls === 1) return new Response('busy', { status: 503 });
      const headers = init.headers as Record<string, string>;
      received.push({ body: init.body as string, signature: headers['x-razorpay-signature']!, eventId: headers['x-razorpay-event-id']! });
      return new Response('ok', { status: 200 });
    }) as unknown as typeof fetch;

    const first = await gateway.deliverPendingWebhooks({ url: 'http://shop.test/webhook', fetch: flaky });
    expect(first).toEqual({ delivered: 1, failed: 1 });
    // The failed one waits for its backoff; a call now sends nothing.
    expect(await gateway.deliverPendingWebhooks({ url: 'http://shop.test/webhook', fetch: flaky })).toEqual({ delivered: 0, failed: 0 });
    const later = await gateway.deliverPendingWebhooks({
      url: 'http://shop.test/webhook',
      fetch: flaky,
      now: new Date(Date.now() + 60_000),
      shuffle: true,
    });
    expect(later).toEqual({ delivered: 1, failed: 0 });

    const provider = t.services.paymentProvider;
    const events = received.map((r) => {
      expect(provider.verifyWebhookSignature(r.body, r.signature)).toBe(true);
      expect(r.signature).toBe(createHmac('sha256', 'webhook-secret-for-api-tests').update(r.body).digest('hex'));
      return provider.parseWebhookEvent(r.body, r.eventId);
    });
    expect(events.map((e) => e.type).sort()).toEqual(['order.paid', 'payment.captured']);
    for (const e of events) {
      expect(e.id).toMatch(/^evt_/);
      if (e.type === 'order.paid' || e.type === 'payment.captured')
        expect(e.payment).toMatchObject({ id: paymentId, amountPaise: 54_321, status: 'captured' });
      if (e.type === 'order.paid') expect(e.order).toMatchObject({ id: order.id, status: 'paid' });
    }
    const rows = (await gateway.listWebhookDeliveries()).filter((d) => received.some((r) => r.eventId === d.id));
    expect(rows.every((d) => d.deliveredAt !== null)).toBe(true);
    expect(rows.map((d) => d.attempts).sort()).toEqual([1, 2]);
  });

  it('queues payment.failed and refund.processed', async () => {
    const order = await newOrder(10_000);
    await pay(order.id, { method: 'upi', vpa: 'failure@razorpay' });
    const paymentId = returned((await pay(order.id, { method: 'upi', vpa: 'success@razorpay' })).headers.location).get(
      'razorpay_payment_id',
    )!;
    await t.services.paymentProvider.refund(paymentId, { amountPaise: 4_000 });
    const bodies = (await gateway.listWebhookDeliveries()).map((d) => t.services.paymentProvider.parseWebhookEvent(d.payload, d.id));
    expect(
      bodies.some((e) => e.type === 'payment.failed' && e.payment.orderId === order.id && e.payment.errorCode === 'BAD_REQUEST_ERROR'),
    ).toBe(true);
    expect(bodies.some((e) => e.type === 'refund.processed' && e.refund.paymentId === paymentId && e.refund.amountPaise === 4_000)).toBe(
      true,
    );
  });
});
