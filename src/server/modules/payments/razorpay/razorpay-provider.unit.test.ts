import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as fx from './razorpay.fixtures';
import { createRazorpayProvider } from './razorpay-provider';

const keyId = 'rzp_test_1DP5mmOlF5G5ag';
const keySecret = 'thisisatestsecretkey';
const webhookSecret = 'webhook-secret-for-tests';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch answering recorded payloads in turn and keeping every request: no network. */
function recorder(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const provider = createRazorpayProvider({ keyId, keySecret, webhookSecret, publicUrl: 'https://shop.example.in', fetch });
  return { provider, calls };
}

const basicAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

describe('Razorpay provider', () => {
  it('creates an order in paise with basic auth', async () => {
    const { provider, calls } = recorder([{ status: 200, body: fx.createdOrder }]);
    const order = await provider.createOrder({ amountPaise: 12345600, receipt: 'SC-2026-000123', notes: { shop_order: 'ord_8fK2mQ' } });
    expect(order).toEqual({
      id: 'order_IluGWxBm9U8zJ8',
      amountPaise: 12345600,
      currency: 'INR',
      receipt: 'SC-2026-000123',
      status: 'created',
      attempts: 0,
      notes: { shop_order: 'ord_8fK2mQ' },
    });
    expect(calls[0]).toMatchObject({
      url: 'https://api.razorpay.com/v1/orders',
      method: 'POST',
      headers: { authorization: basicAuth },
      body: { amount: 12345600, currency: 'INR', receipt: 'SC-2026-000123', notes: { shop_order: 'ord_8fK2mQ' } },
    });
  });

  it('fetches and captures payments', async () => {
    const { provider, calls } = recorder([
      { status: 200, body: fx.authorizedPayment },
      { status: 200, body: fx.capturedPayment },
    ]);
    expect(await provider.fetchPayment('pay_IH4NVgf4Dreq1l')).toMatchObject({ status: 'authorized', captured: false, method: 'upi' });
    const captured = await provider.capturePayment('pay_IH4NVgf4Dreq1l', 12345600);
    expect(captured).toMatchObject({
      id: 'pay_IH4NVgf4Dreq1l',
      status: 'captured',
      captured: true,
      orderId: 'order_IluGWxBm9U8zJ8',
      amountPaise: 12345600,
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.razorpay.com/v1/payments/pay_IH4NVgf4Dreq1l',
      'POST https://api.razorpay.com/v1/payments/pay_IH4NVgf4Dreq1l/capture',
    ]);
    expect(calls[1]!.body).toEqual({ amount: 12345600, currency: 'INR' });
  });

  it('refunds part of a payment, and passes on the refusal of too large a refund', async () => {
    const { provider, calls } = recorder([
      { status: 200, body: fx.partialRefund },
      { status: 400, body: fx.overRefundError },
    ]);
    const refund = await provider.refund('pay_IH4NVgf4Dreq1l', { amountPaise: 500000, notes: { reason: 'Keyboard returned' } });
    expect(refund).toMatchObject({ id: 'rfnd_FP8QHiV938haTz', paymentId: 'pay_IH4NVgf4Dreq1l', amountPaise: 500000, status: 'processed' });
    expect(calls[0]!.body).toEqual({ amount: 500000, speed: 'normal', notes: { reason: 'Keyboard returned' } });
    await expect(provider.refund('pay_IH4NVgf4Dreq1l', { amountPaise: 99999999 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The refund amount provided is greater than amount captured',
    });
  });

  it('never puts a foreign id into the API path', async () => {
    const { provider, calls } = recorder([]);
    await expect(provider.fetchPayment('../orders')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls).toHaveLength(0);
  });

  it('answers UNAVAILABLE when Razorpay fails or cannot be reached', async () => {
    const { provider } = recorder([{ status: 502, body: { error: { code: 'SERVER_ERROR', description: 'down' } } }]);
    await expect(provider.fetchPayment('pay_IH4NVgf4Dreq1l')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('verifies callback and webhook signatures with the configured secrets', () => {
    const { provider } = recorder([]);
    const signature = createHmac('sha256', keySecret).update('order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l').digest('hex');
    expect(provider.verifyPaymentSignature({ orderId: 'order_IluGWxBm9U8zJ8', paymentId: 'pay_IH4NVgf4Dreq1l', signature })).toBe(true);
    expect(provider.verifyPaymentSignature({ orderId: 'order_IluGWxBm9U8zJ8', paymentId: 'pay_IH4NVgf4Dreq1X', signature })).toBe(false);

    const body = JSON.stringify(fx.orderPaidWebhook);
    const webhookSignature = createHmac('sha256', webhookSecret).update(body).digest('hex');
    expect(provider.verifyWebhookSignature(body, webhookSignature)).toBe(true);
    expect(provider.verifyWebhookSignature(`${body} `, webhookSignature)).toBe(false);
  });

  it('parses webhook events into typed events with their event id', () => {
    const { provider } = recorder([]);
    const paid = provider.parseWebhookEvent(JSON.stringify(fx.orderPaidWebhook), 'evt_1');
    expect(paid.type).toBe('order.paid');
    if (paid.type !== 'order.paid') throw new Error('unreachable');
    expect(paid).toMatchObject({ id: 'evt_1', order: { status: 'paid', amountPaise: 12345600 }, payment: { id: 'pay_IH4NVgf4Dreq1l' } });
    expect(provider.parseWebhookEvent(JSON.stringify(fx.capturedWebhook), 'evt_2')).toMatchObject({
      type: 'payment.captured',
      id: 'evt_2',
    });
    expect(() => provider.parseWebhookEvent('{"entity":"event","event":"subscription.charged"}', 'evt_3')).toThrow(/not an event we know/);
  });

  it('gives the browser Razorpay Checkout options with an absolute callback URL', () => {
    const { provider } = recorder([]);
    expect(provider.checkout({ orderId: 'order_IluGWxBm9U8zJ8', amountPaise: 12345600, returnUrl: '/checkout/return' })).toMatchObject({
      kind: 'razorpay-checkout',
      options: { key: keyId, order_id: 'order_IluGWxBm9U8zJ8', amount: 12345600, callback_url: 'https://shop.example.in/checkout/return' },
    });
  });
});
