import { AppError } from '../../lib/app-error';
import type { Executor } from '../../db/client';
import { WEBHOOK_EVENT_TYPES, type CheckoutOptions, type PaymentProvider, type WebhookEvent } from './provider';
import * as repo from './payments.repo';
import { viaProvider } from './via-provider';

/** The `event` field of a webhook body, or undefined when the body is not such JSON. */
function eventNameOf(rawBody: Buffer): string | undefined {
  try {
    const event = (JSON.parse(rawBody.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** Paying online and what the provider answers: the attempt started, the browser's return checked, webhooks read and recorded. */
export function createProviderAnswers(deps: { provider: PaymentProvider }) {
  const { provider } = deps;

  return {
    /**
     * Starts (or restarts) paying online: creates the provider's order the first time, counts the
     * attempt, and says where the browser goes to pay.
     */
    async startAttempt(
      tx: Executor,
      payment: repo.PaymentRow,
      order: { id: string; orderNumber: string; returnUrl: string },
    ): Promise<CheckoutOptions> {
      let providerOrderId = payment.providerOrderId;
      if (!providerOrderId) {
        const created = await viaProvider('start the payment', () =>
          provider.createOrder({ amountPaise: payment.amountPaise, receipt: order.orderNumber, notes: { order_id: order.id } }),
        );
        providerOrderId = created.id;
      }
      await repo.updatePayment(tx, payment.id, { providerOrderId, attempts: payment.attempts + 1 });
      return provider.checkout({ orderId: providerOrderId, amountPaise: payment.amountPaise, returnUrl: order.returnUrl });
    },

    /**
     * The provider's payment id the browser came back with, or undefined when it names none. A
     * success carries the provider's signature, checked in constant time against the order's own
     * provider order id (VALIDATION when it does not match); a failure names the payment in its metadata.
     */
    returnedPaymentId(payment: repo.PaymentRow, params: Record<string, string | undefined>): string | undefined {
      if (params.razorpay_signature !== undefined || params.razorpay_payment_id !== undefined) {
        const ok =
          !!payment.providerOrderId &&
          params.razorpay_order_id === payment.providerOrderId &&
          !!params.razorpay_payment_id &&
          !!params.razorpay_signature &&
          provider.verifyPaymentSignature({
            orderId: payment.providerOrderId,
            paymentId: params.razorpay_payment_id,
            signature: params.razorpay_signature,
          });
        if (!ok)
          throw new AppError('VALIDATION', 'The payment confirmation is not valid: its signature does not match this order.', {
            fields: { razorpay_signature: 'does not match' },
          });
        return params.razorpay_payment_id;
      }
      if (params['error[metadata]']) {
        try {
          const meta = JSON.parse(params['error[metadata]']) as { payment_id?: unknown };
          if (typeof meta.payment_id === 'string') return meta.payment_id;
        } catch {
          return undefined;
        }
      }
      return undefined;
    },

    /** The payment as the provider has it now (never as a browser said it). */
    fetchFromProvider: (paymentId: string) => viaProvider('check the payment', () => provider.fetchPayment(paymentId)),

    /**
     * A webhook, checked: its signature over the raw body and its event id, then parsed. Signed
     * events of kinds the shop does not act on (disputes, settlements…) are 'ignored', so the
     * provider neither retries them nor disables the hook.
     */
    readWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): WebhookEvent | 'ignored' {
      if (!provider.verifyWebhookSignature(rawBody, signature)) {
        throw new AppError('VALIDATION', 'The webhook signature is missing or does not match the body.');
      }
      if (!eventId || eventId.length > 100) throw new AppError('VALIDATION', 'The webhook has no event id (x-razorpay-event-id).');
      const name = eventNameOf(rawBody);
      if (name !== undefined && !WEBHOOK_EVENT_TYPES.includes(name as (typeof WEBHOOK_EVENT_TYPES)[number])) return 'ignored';
      return provider.parseWebhookEvent(rawBody, eventId);
    },

    /** Records a webhook event in the caller's transaction; false when it was handled before (a repeated delivery). */
    recordWebhookEvent: (tx: Executor, event: WebhookEvent) => repo.recordWebhookEvent(tx, event.id, event.type),

    /** The provider says a refund went through (or failed). */
    markRefundProcessed: (tx: Executor, providerRefundId: string, status: 'processed' | 'failed') =>
      repo.markRefundProcessed(tx, providerRefundId, status),
  };
}
