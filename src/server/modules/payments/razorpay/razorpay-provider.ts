import { AppError } from '../../../lib/app-error';
import type { PaymentProvider } from '../provider';
import { parseWebhookBody, toOrder, toPayment, toRefund } from '../razorpay-entities';
import { verifyPaymentSignature, verifyWebhookSignature } from '../signatures';

export const RAZORPAY_API = 'https://api.razorpay.com/v1';
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The shop's address, for absolute callback URLs. */
  publicUrl: string;
  merchantName?: string;
  fetch?: typeof globalThis.fetch;
  baseUrl?: string;
}

const ID = /^(pay|order|rfnd)_[A-Za-z0-9]{6,40}$/;

/** Razorpay's REST API behind the shop's PaymentProvider interface (basic auth key_id:key_secret). */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const { keyId, keySecret, webhookSecret, publicUrl } = options;
  const send = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl ?? RAZORPAY_API;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await send(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new AppError('UNAVAILABLE', 'The payment provider could not be reached. Please try again.', { cause: error });
    }
    const json = (await res.json().catch(() => null)) as { error?: { code?: string; description?: string } } | null;
    if (res.ok && json) return json;
    const description = json?.error?.description ?? `Razorpay answered ${res.status}`;
    if (res.status === 404) throw new AppError('NOT_FOUND', description);
    if (res.status >= 400 && res.status < 500 && res.status !== 401) throw new AppError('BAD_REQUEST', description);
    throw new AppError('UNAVAILABLE', 'The payment provider is not available right now. Please try again.', {
      cause: new Error(`${res.status} ${description}`),
    });
  }

  const idPath = (id: string) => {
    if (!ID.test(id)) throw new AppError('NOT_FOUND', `There is no payment ${id}.`);
    return encodeURIComponent(id);
  };

  return {
    name: 'razorpay',
    async createOrder({ amountPaise, receipt, notes = {} }) {
      return toOrder(await call('POST', '/orders', { amount: amountPaise, currency: 'INR', receipt, notes }));
    },
    checkout({ orderId, amountPaise, currency = 'INR', returnUrl }) {
      return {
        kind: 'razorpay-checkout',
        scriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
        options: {
          key: keyId,
          order_id: orderId,
          amount: amountPaise,
          currency,
          name: options.merchantName ?? 'Sahyadri Computers',
          callback_url: new URL(returnUrl, publicUrl).toString(),
          redirect: true,
        },
      };
    },
    verifyPaymentSignature: (input) => verifyPaymentSignature(keySecret, input),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(webhookSecret, rawBody, signature),
    parseWebhookEvent: parseWebhookBody,
    async fetchPayment(id) {
      return toPayment(await call('GET', `/payments/${idPath(id)}`));
    },
    async capturePayment(id, amountPaise) {
      return toPayment(await call('POST', `/payments/${idPath(id)}/capture`, { amount: amountPaise, currency: 'INR' }));
    },
    async refund(paymentId, input = {}) {
      const body: Record<string, unknown> = { speed: 'normal', notes: input.notes ?? {} };
      if (input.amountPaise !== undefined) body.amount = input.amountPaise;
      return toRefund(await call('POST', `/payments/${idPath(paymentId)}/refund`, body));
    },
  };
}
