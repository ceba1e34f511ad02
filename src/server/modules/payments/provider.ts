/**
 * The one payment-provider interface the shop uses. It is shaped like Razorpay's API: amounts are
 * integer paise, ids are `order_…`, `pay_…`, `rfnd_…`, the browser returns with a signed callback and
 * the provider sends signed webhooks. Two implementations: the built-in test gateway (the embedded
 * default) and Razorpay (when its keys are configured).
 */

export type ProviderName = 'test-gateway' | 'razorpay';

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
}

export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: PaymentStatus;
  method: string;
  captured: boolean;
  amountRefundedPaise: number;
  refundStatus: 'partial' | 'full' | null;
  errorCode: string | null;
  errorDescription: string | null;
  createdAt: Date;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  createdAt: Date;
}

/** How the browser pays an order: a page of the provider to go to, or Razorpay's Checkout script. */
export type CheckoutOptions =
  | { kind: 'hosted-page'; url: string }
  | {
      kind: 'razorpay-checkout';
      scriptUrl: string;
      options: {
        key: string;
        order_id: string;
        amount: number;
        currency: string;
        name: string;
        callback_url: string;
        redirect: true;
      };
    };

interface EventBase {
  /** The x-razorpay-event-id header: the same event may arrive more than once. */
  id: string;
  createdAt: Date;
}

/** The webhook events the shop acts on. */
export type WebhookEvent =
  | (EventBase & { type: 'payment.authorized' | 'payment.captured' | 'payment.failed'; payment: ProviderPayment })
  | (EventBase & { type: 'order.paid'; order: ProviderOrder; payment: ProviderPayment })
  | (EventBase & { type: 'refund.processed'; refund: ProviderRefund; payment: ProviderPayment | null });

export const WEBHOOK_EVENT_TYPES = ['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid', 'refund.processed'] as const;

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates an order to pay; `receipt` is the shop's order number. */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  /** What the browser needs to pay `orderId` and come back to `returnUrl` (same origin as the shop). */
  checkout(input: { orderId: string; amountPaise: number; currency?: string; returnUrl: string }): CheckoutOptions;
  /** The browser callback: HMAC-SHA256(`${orderId}|${paymentId}`, key secret), compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook: HMAC-SHA256(raw body, webhook secret), compared in constant time. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined): boolean;
  /** Parses a webhook body (verify its signature first); throws AppError BAD_REQUEST when it is not one we know. */
  parseWebhookEvent(rawBody: string | Buffer, eventId: string): WebhookEvent;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  capturePayment(paymentId: string, amountPaise: number): Promise<ProviderPayment>;
  /** Full refund without an amount; a partial one with it. More than what is left is refused. */
  refund(paymentId: string, input?: { amountPaise?: number; notes?: Record<string, string> }): Promise<ProviderRefund>;
}
