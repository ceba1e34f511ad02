import { formatPaise } from '~/shared/money';
import { inSentence, PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { Database, Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { ORDER_NOT_FOUND } from '../modules/orders/order-rules';
import type { OrderRow, OrderSteps } from '../modules/orders/order-steps';
import type { PaymentRow, PaymentsService } from '../modules/payments/payments.service';
import type { CheckoutOptions, ProviderPayment } from '../modules/payments/provider';
import type { EInvoiceDocuments } from './einvoice-documents';
import { PAYMENT, type OrderMoney } from './order-money';

/**
 * The flow `apply-payment` (decision 62): paying an order online — starting (or retrying) a payment
 * at the provider, the browser's return and the provider's webhooks — each in one transaction under
 * the order's row lock, over payments (the attempt, the capture, a failure, the webhook's event id)
 * and the orders (confirmed with its timeline and e-mails, or a late payment refunded).
 */
export function createApplyPayment(deps: {
  db: Database;
  orders: OrderSteps;
  money: Pick<OrderMoney, 'refund'>;
  payments: Pick<
    PaymentsService,
    | 'of'
    | 'isSettled'
    | 'recordFailure'
    | 'refundDuplicate'
    | 'capture'
    | 'startAttempt'
    | 'returnedPaymentId'
    | 'fetchFromProvider'
    | 'readWebhook'
    | 'recordWebhookEvent'
    | 'markRefundProcessed'
    | 'byProviderOrder'
  >;
  publicUrl: string;
  /** A business's invoice issued on payment: its sellers' e-invoices asked for (decision 76). */
  einvoicing?: Pick<EInvoiceDocuments, 'invoiceIssued'>;
}) {
  const { db, orders, money, payments, publicUrl } = deps;

  /**
   * The provider took the money: the payment is captured and recorded, and the order is confirmed
   * (placed, with its e-mail). When the order was cancelled before the money arrived (its time to pay
   * ran out), the money goes straight back. 'captured' when the order was confirmed.
   */
  async function capture(tx: Executor, order: OrderRow, payment: PaymentRow, incoming: ProviderPayment): Promise<'captured' | 'unchanged'> {
    const captured = await payments.capture(tx, payment, incoming);
    if (order.status === 'pending_payment') {
      const how = PAYMENT_METHOD_LABELS[captured.paidWith as PaymentMethod] ?? captured.paidWith;
      // The order shows (and its invoice says) the method it was paid by, when the customer switched at the provider.
      const paidBy = captured.method !== order.paymentMethod ? { paymentMethod: captured.method as PaymentMethod } : {};
      const placed = await orders.update(tx, order.id, { status: 'placed', paymentDueAt: null, ...paidBy });
      await orders.timeline.add(tx, {
        orderId: order.id,
        kind: 'placed',
        message: `Payment of ${formatPaise(incoming.amountPaise)} received by ${how} (${captured.providerPaymentId}). Order confirmed.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      await orders.mail.sendWithSellers(tx, placed, 'order_paid', { paymentReference: captured.providerPaymentId! }, 'new_order');
      await deps.einvoicing?.invoiceIssued(tx, placed, await orders.items(tx, order.id), captured.capturedAt ?? new Date());
      return 'captured';
    }
    await money.refund(tx, order, {
      payment: captured,
      reason: 'Payment arrived after the order was cancelled',
      notes: { reason: 'order cancelled before payment arrived' },
      actor: PAYMENT,
      message: (r) =>
        `Payment of ${formatPaise(incoming.amountPaise)} arrived after the order was cancelled and was refunded in full (${r.providerRefundId}).`,
    });
    return 'unchanged';
  }

  /**
   * Applies what the provider says about a payment to the order, under the order's row lock (the
   * caller holds it): the browser callback and every webhook delivery come here, in any order and
   * any number of times, and the order is captured once.
   */
  async function applyProviderPayment(
    tx: Executor,
    order: OrderRow,
    payment: PaymentRow,
    incoming: ProviderPayment,
  ): Promise<'captured' | 'unchanged' | 'failed'> {
    if (!payment.providerOrderId || incoming.orderId !== payment.providerOrderId) return 'unchanged';
    const settled = payments.isSettled(payment);

    if (incoming.status === 'failed') {
      if (settled || !(await payments.recordFailure(tx, payment, incoming))) return 'unchanged';
      await orders.paymentEvent(
        tx,
        order.id,
        'payment_failed',
        `Payment by ${PAYMENT_METHOD_LABELS[incoming.method as PaymentMethod] ?? incoming.method} failed: ${inSentence(incoming.errorDescription ?? 'the payment did not go through')}. You can try again.`,
      );
      return 'failed';
    }
    if (incoming.status !== 'captured' && incoming.status !== 'authorized') return 'unchanged';
    if (settled) {
      if (payment.providerPaymentId === incoming.id) return 'unchanged';
      // A second successful payment for an order already paid (two tabs): give it back.
      if (incoming.status === 'captured') {
        const refund = await payments.refundDuplicate(incoming.id);
        await orders.paymentEvent(
          tx,
          order.id,
          'refund',
          `A second payment of ${formatPaise(incoming.amountPaise)} (${incoming.id}) was refunded (${refund.id}): the order had been paid already.`,
        );
      }
      return 'unchanged';
    }
    if (incoming.amountPaise !== payment.amountPaise) {
      await orders.paymentEvent(
        tx,
        order.id,
        'note',
        `A payment of ${formatPaise(incoming.amountPaise)} did not match the order total of ${formatPaise(payment.amountPaise)} and was not accepted.`,
      );
      return 'unchanged';
    }
    return capture(tx, order, payment, incoming);
  }

  return {
    /**
     * Starts (or restarts) paying an unpaid order online: creates the provider's order the first
     * time and tells the browser where to pay.
     */
    async startPayment(userId: string, orderId: string, now = new Date()): Promise<CheckoutOptions> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId, userId);
        if (order.paymentMethod === 'cod') throw new AppError('CONFLICT', 'This order is paid in cash on delivery.');
        if (order.status === 'cancelled')
          throw new AppError('CONFLICT', 'This order was cancelled, so it cannot be paid. Please place a new order.');
        if (order.status !== 'pending_payment') throw new AppError('CONFLICT', 'This order has been paid already.');
        if (!order.paymentDueAt || order.paymentDueAt <= now) {
          throw new AppError('CONFLICT', 'The time to pay for this order has run out. Its items are back on sale; please order again.');
        }
        const payment = await payments.of(tx, orderId, { lock: true });
        return payments.startAttempt(tx, payment, {
          id: order.id,
          orderNumber: order.orderNumber,
          returnUrl: new URL(`/api/payments/return/${encodeURIComponent(order.id)}`, publicUrl).toString(),
        });
      });
    },

    /**
     * The browser back from the payment page. The payment it names (signed on success) is read from
     * the provider, never from the query, and applied under the order's lock.
     */
    async paymentReturn(orderId: string, params: Record<string, string | undefined>): Promise<{ paid: boolean }> {
      const order = await orders.find(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const payment = await payments.of(db, orderId);
      const paymentId = payments.returnedPaymentId(payment, params);
      if (!paymentId) return { paid: payments.isSettled(payment) };
      const fetched = await payments.fetchFromProvider(paymentId);
      const outcome = await db.transaction(async (tx) => {
        const locked = await orders.locked(tx, orderId);
        await applyProviderPayment(tx, locked, await payments.of(tx, orderId, { lock: true }), fetched);
        return payments.of(tx, orderId);
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
      const event = payments.readWebhook(rawBody, signature, eventId);
      if (event === 'ignored') return 'ignored';
      return db.transaction(async (tx) => {
        if (!(await payments.recordWebhookEvent(tx, event))) return 'duplicate';
        if (event.type === 'refund.processed') {
          await payments.markRefundProcessed(tx, event.refund.id, event.refund.status === 'failed' ? 'failed' : 'processed');
          return 'processed';
        }
        const providerOrderId = event.payment.orderId;
        const known = providerOrderId ? await payments.byProviderOrder(tx, providerOrderId) : undefined;
        if (!known) return 'ignored';
        const order = await orders.locked(tx, known.orderId);
        await applyProviderPayment(tx, order, await payments.of(tx, known.orderId, { lock: true }), event.payment);
        return 'processed';
      });
    },
  };
}

export type ApplyPayment = ReturnType<typeof createApplyPayment>;
