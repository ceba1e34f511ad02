import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { WEBHOOK_EVENT_TYPES, type CheckoutOptions, type PaymentProvider, type ProviderPayment } from '../payments/provider';
import { eventNameOf, lockedOrder, ORDER_NOT_FOUND, viaProvider } from './order-rules';
import type { OrderMail } from './order-views';
import * as repo from './orders.repo';

/**
 * Paying an order online: starting (or retrying) a payment at the provider, the browser's return
 * and the provider's webhooks, all applied by one function under the order's row lock.
 */
export function createOrderPayments(deps: { db: Database; provider: PaymentProvider; mail: OrderMail; publicUrl: string }) {
  const { db, provider, mail, publicUrl } = deps;

  // ---------- payments ----------

  /**
   * Applies what the provider says about a payment to the order, under the order's row lock (the
   * caller holds it): the browser callback and every webhook delivery come here, in any order and
   * any number of times, and the order is captured once.
   */
  async function applyProviderPayment(
    tx: repo.Executor,
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    incoming: ProviderPayment,
  ): Promise<'captured' | 'unchanged' | 'failed'> {
    if (!payment.providerOrderId || incoming.orderId !== payment.providerOrderId) return 'unchanged';
    let p = incoming;
    const settled = ['captured', 'refunded', 'partially_refunded'].includes(payment.status);

    if (p.status === 'failed') {
      if (settled || payment.lastFailedPaymentId === p.id) return 'unchanged';
      await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        errorCode: p.errorCode,
        errorDescription: p.errorDescription ?? 'The payment did not go through.',
        lastFailedPaymentId: p.id,
      });
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'payment_failed',
        message: `Payment by ${p.method} failed: ${p.errorDescription ?? 'the payment did not go through'}. You can try again.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      return 'failed';
    }
    if (p.status !== 'captured' && p.status !== 'authorized') return 'unchanged';
    if (settled) {
      if (payment.providerPaymentId === p.id) return 'unchanged';
      // A second successful payment for an order already paid (two tabs): give it back.
      if (p.status === 'captured') {
        const refund = await viaProvider('refund a duplicate payment', () =>
          provider.refund(p.id, { notes: { reason: 'duplicate payment' } }),
        );
        await repo.addEvent(tx, {
          orderId: order.id,
          kind: 'refund',
          message: `A second payment of ${formatPaise(p.amountPaise)} (${p.id}) was refunded (${refund.id}): the order had been paid already.`,
          actorRole: 'payment',
          actorUserId: null,
        });
      }
      return 'unchanged';
    }
    if (p.amountPaise !== payment.amountPaise) {
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'note',
        message: `A payment of ${formatPaise(p.amountPaise)} did not match the order total of ${formatPaise(payment.amountPaise)} and was not accepted.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      return 'unchanged';
    }
    if (p.status === 'authorized') p = await viaProvider('capture the payment', () => provider.capturePayment(p.id, p.amountPaise));

    const capturedAt = new Date();
    await repo.updatePayment(tx, payment.id, {
      status: 'captured',
      providerPaymentId: p.id,
      paidWith: p.method,
      capturedAt,
      errorCode: null,
      errorDescription: null,
    });
    const how = PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method;
    if (order.status === 'pending_payment') {
      const placed = await repo.updateOrder(tx, order.id, { status: 'placed', paymentDueAt: null });
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'placed',
        message: `Payment of ${formatPaise(p.amountPaise)} received by ${how} (${p.id}). Order confirmed.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      await mail.send(tx, placed, 'order_paid', { paymentReference: p.id });
      return 'captured';
    }
    // The order was cancelled (payment time ran out) before the money arrived: refund it at once.
    const refund = await viaProvider('refund a late payment', () =>
      provider.refund(p.id, { notes: { reason: 'order cancelled before payment arrived' } }),
    );
    await repo.insertRefund(tx, {
      id: newId('rfd'),
      paymentId: payment.id,
      orderId: order.id,
      providerRefundId: refund.id,
      amountPaise: refund.amountPaise,
      status: refund.status === 'processed' ? 'processed' : 'pending',
      reason: 'Payment arrived after the order was cancelled',
    });
    await repo.updatePayment(tx, payment.id, { status: 'refunded', amountRefundedPaise: refund.amountPaise });
    await repo.addEvent(tx, {
      orderId: order.id,
      kind: 'refund',
      message: `Payment of ${formatPaise(p.amountPaise)} arrived after the order was cancelled and was refunded in full (${refund.id}).`,
      actorRole: 'payment',
      actorUserId: null,
    });
    return 'unchanged';
  }

  return {
    /**
     * Starts (or restarts) paying an unpaid order online: creates the provider's order the first
     * time and tells the browser where to pay.
     */
    async startPayment(userId: string, orderId: string, now = new Date()): Promise<CheckoutOptions> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.paymentMethod === 'cod') throw new AppError('CONFLICT', 'This order is paid in cash on delivery.');
        if (order.status === 'cancelled')
          throw new AppError('CONFLICT', 'This order was cancelled, so it cannot be paid. Please place a new order.');
        if (order.status !== 'pending_payment') throw new AppError('CONFLICT', 'This order has been paid already.');
        if (!order.paymentDueAt || order.paymentDueAt <= now) {
          throw new AppError('CONFLICT', 'The time to pay for this order has run out. Its items are back on sale; please order again.');
        }
        const payment = (await repo.paymentOf(tx, orderId, true))!;
        let providerOrderId = payment.providerOrderId;
        if (!providerOrderId) {
          const created = await viaProvider('start the payment', () =>
            provider.createOrder({ amountPaise: order.totalPaise, receipt: order.orderNumber, notes: { order_id: order.id } }),
          );
          providerOrderId = created.id;
        }
        await repo.updatePayment(tx, payment.id, { providerOrderId, attempts: payment.attempts + 1 });
        return provider.checkout({
          orderId: providerOrderId,
          amountPaise: order.totalPaise,
          returnUrl: new URL(`/api/payments/return/${encodeURIComponent(order.id)}`, publicUrl).toString(),
        });
      });
    },

    /**
     * The browser back from the payment page. A success carries the provider's signature, checked in
     * constant time against the order's own provider order id; the payment itself is then read from
     * the provider (never from the query). A failure names the payment, which is read the same way.
     */
    async paymentReturn(orderId: string, params: Record<string, string | undefined>): Promise<{ paid: boolean }> {
      const order = await repo.findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const payment = (await repo.paymentOf(db, orderId))!;
      let paymentId: string | undefined;
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
        paymentId = params.razorpay_payment_id;
      } else if (params['error[metadata]']) {
        try {
          const meta = JSON.parse(params['error[metadata]']) as { payment_id?: unknown };
          if (typeof meta.payment_id === 'string') paymentId = meta.payment_id;
        } catch {
          paymentId = undefined;
        }
      }
      if (!paymentId) return { paid: ['captured', 'refunded', 'partially_refunded'].includes(payment.status) };
      const fetched = await viaProvider('check the payment', () => provider.fetchPayment(paymentId));
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockedOrder(tx, orderId);
        const current = (await repo.paymentOf(tx, orderId, true))!;
        await applyProviderPayment(tx, locked, current, fetched);
        return (await repo.paymentOf(tx, orderId))!;
      });
      return { paid: outcome.status === 'captured' };
    },

    /**
     * A provider webhook: signature over the raw body, then the event id recorded in the same
     * transaction as its effect, so a repeated delivery changes nothing.
     */
    async webhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (!provider.verifyWebhookSignature(rawBody, signature)) {
        throw new AppError('VALIDATION', 'The webhook signature is missing or does not match the body.');
      }
      if (!eventId || eventId.length > 100) throw new AppError('VALIDATION', 'The webhook has no event id (x-razorpay-event-id).');
      // Providers send many more events than the shop acts on (disputes, settlements…): a signed
      // event of another kind is acknowledged, so the provider does not retry it or disable the hook.
      const name = eventNameOf(rawBody);
      if (name !== undefined && !WEBHOOK_EVENT_TYPES.includes(name as (typeof WEBHOOK_EVENT_TYPES)[number])) return 'ignored';
      const event = provider.parseWebhookEvent(rawBody, eventId);
      return db.transaction(async (tx) => {
        if (!(await repo.recordWebhookEvent(tx, eventId, event.type))) return 'duplicate';
        if (event.type === 'refund.processed') {
          await repo.markRefundProcessed(tx, event.refund.id, event.refund.status === 'failed' ? 'failed' : 'processed');
          return 'processed';
        }
        const providerOrderId = event.payment.orderId;
        const known = providerOrderId ? await repo.paymentByProviderOrder(tx, providerOrderId) : undefined;
        if (!known) return 'ignored';
        const order = await lockedOrder(tx, known.orderId);
        const payment = (await repo.paymentOf(tx, known.orderId, true))!;
        await applyProviderPayment(tx, order, payment, event.payment);
        return 'processed';
      });
    },
  };
}
