import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison; a different length (or no signature) is simply false. */
export function signaturesMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** The signature of the browser callback, as Razorpay computes it. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(keySecret: string, input: { orderId: string; paymentId: string; signature: string }): boolean {
  return signaturesMatch(paymentSignature(keySecret, input.orderId, input.paymentId), input.signature);
}

export function verifyWebhookSignature(webhookSecret: string, rawBody: string | Buffer, signature: unknown): boolean {
  return signaturesMatch(hmacSha256Hex(webhookSecret, rawBody), signature);
}
