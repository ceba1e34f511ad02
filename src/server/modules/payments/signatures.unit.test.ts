import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures';

const secret = 'test-key-secret-0123456789';
const orderId = 'order_IluGWxBm9U8zJ8';
const paymentId = 'pay_IH4NVgf4Dreq1l';
const expected = createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

describe('payment signature (browser callback)', () => {
  it('is HMAC-SHA256 of order id | payment id in hex, and is accepted', () => {
    expect(paymentSignature(secret, orderId, paymentId)).toBe(expected);
    expect(verifyPaymentSignature(secret, { orderId, paymentId, signature: expected })).toBe(true);
  });
  it('is refused for a tampered payment id', () => {
    expect(verifyPaymentSignature(secret, { orderId, paymentId: 'pay_IH4NVgf4Dreq1m', signature: expected })).toBe(false);
  });
  it('is refused when tampered, of the wrong length, empty, or made with another secret', () => {
    const flipped = expected.slice(0, -1) + (expected.endsWith('0') ? '1' : '0');
    expect(verifyPaymentSignature(secret, { orderId, paymentId, signature: flipped })).toBe(false);
    expect(verifyPaymentSignature(secret, { orderId, paymentId, signature: expected.slice(0, -2) })).toBe(false);
    expect(verifyPaymentSignature(secret, { orderId, paymentId, signature: `${expected}00` })).toBe(false);
    expect(verifyPaymentSignature(secret, { orderId, paymentId, signature: '' })).toBe(false);
    expect(verifyPaymentSignature('another-secret', { orderId, paymentId, signature: expected })).toBe(false);
  });
});

describe('webhook signature', () => {
  const webhookSecret = 'whsec-0123456789abcdef';
  const body = '{"entity":"event","event":"payment.captured","payload":{}}';
  const good = createHmac('sha256', webhookSecret).update(body).digest('hex');
  it('accepts HMAC-SHA256 of the exact raw body', () => {
    expect(verifyWebhookSignature(webhookSecret, body, good)).toBe(true);
    expect(verifyWebhookSignature(webhookSecret, Buffer.from(body), good)).toBe(true);
  });
  it('refuses a changed body, a changed or short signature, or none', () => {
    expect(verifyWebhookSignature(webhookSecret, body.replace('captured', 'failed'), good)).toBe(false);
    expect(verifyWebhookSignature(webhookSecret, body, good.toUpperCase())).toBe(false);
    expect(verifyWebhookSignature(webhookSecret, body, good.slice(1))).toBe(false);
    expect(verifyWebhookSignature(webhookSecret, body, undefined)).toBe(false);
  });
});
