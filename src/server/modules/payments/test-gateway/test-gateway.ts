import type { Database, Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { newId } from '../../../lib/ids';
import type { PaymentProvider, ProviderPayment } from '../provider';
import { parseWebhookBody, toOrder, toPayment, toRefund } from '../razorpay-entities';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from '../signatures';
import { eventBody, orderEntity, paymentEntity, refundEntity } from './entities';
import type { PayDecision } from './payment-rules';
import * as repo from './test-gateway.repo';
import { createWebhookDeliverer } from './webhook-deliveries';

/** Razorpay's ids: a prefix and 14 characters. */
const idOf = (prefix: string) => newId(prefix, 14);
export const ORDER_ID = /^order_[A-Za-z0-9]{14}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{14}$/;

export interface TestGatewayOptions {
  db: Database;
  /** The shop's address: return URLs must be on it, and the hosted page lives under it. */
  publicUrl: string;
  keySecret: string;
  webhookSecret: string;
}

export type PayResult =
  | { ok: true; orderId: string; paymentId: string; signature: string }
  | { ok: false; orderId: string; paymentId: string; error: { code: string; description: string; reason: string } };

/**
 * The built-in test gateway: a PaymentProvider over the gateway_* tables, plus what Razorpay does on
 * its side (the hosted page's payments, webhook deliveries).
 */
export function createTestGateway(options: TestGatewayOptions) {
  const { db, publicUrl, keySecret, webhookSecret } = options;

  async function paymentRow(id: string) {
    const row = PAYMENT_ID.test(id) ? await repo.findPayment(db, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', `There is no payment ${id}.`);
    return row;
  }

  const provider: PaymentProvider = {
    name: 'test-gateway',

    async createOrder({ amountPaise, receipt, notes = {} }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) {
        throw new AppError('VALIDATION', 'The amount must be a whole number of paise, at least ₹1.', {
          fields: { amountPaise: 'at least 100 paise' },
        });
      }
      return toOrder(orderEntity(await repo.insertOrder(db, { id: idOf('order'), amountPaise, receipt, notes })));
    },

    checkout({ orderId, returnUrl }) {
      const url = new URL(`/test-gateway/checkout/${encodeURIComponent(orderId)}`, publicUrl);
      url.searchParams.set('return_url', returnUrl);
      return { kind: 'hosted-page', url: url.toString() };
    },

    verifyPaymentSignature: (input) => verifyPaymentSignature(keySecret, input),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(webhookSecret, rawBody, signature),
    parseWebhookEvent: parseWebhookBody,

    async fetchPayment(id) {
      return toPayment(paymentEntity(await paymentRow(id)));
    },

    async capturePayment(id, amountPaise): Promise<ProviderPayment> {
      await paymentRow(id);
      return db.transaction(async (tx) => {
        const p = (await repo.findPayment(tx, id, true))!;
        if (p.status === 'captured') throw new AppError('CONFLICT', 'This payment has already been captured.');
        if (p.status !== 'authorized')
          throw new AppError('CONFLICT', `Only an authorized payment can be captured; this one is ${p.status}.`);
        if (amountPaise !== p.amountPaise) throw new AppError('VALIDATION', 'The capture amount must equal the amount authorized.');
        const row = await repo.updatePayment(tx, id, { status: 'captured', capturedAt: new Date() });
        await queue(tx, 'payment.captured', { payment: paymentEntity(row) });
        return toPayment(paymentEntity(row));
      });
    },

    async refund(paymentId, input = {}) {
      await paymentRow(paymentId);
      return db.transaction(async (tx) => {
        const p = (await repo.findPayment(tx, paymentId, true))!;
        if (p.status !== 'captured') {
          throw new AppError(
            'CONFLICT',
            p.status === 'refunded' ? 'This payment has been fully refunded already.' : 'Only a captured payment can be refunded.',
          );
        }
        const left = p.amountPaise - p.amountRefundedPaise;
        const amount = input.amountPaise ?? left;
        if (!Number.isInteger(amount) || amount <= 0)
          throw new AppError('VALIDATION', 'The refund amount must be a positive whole number of paise.');
        if (amount > left) {
          throw new AppError('VALIDATION', `The refund amount is more than what is left to refund (${left} paise).`, {
            fields: { amountPaise: `at most ${left}` },
          });
        }
        const refunded = p.amountRefundedPaise + amount;
        const payment = await repo.updatePayment(tx, paymentId, {
          amountRefundedPaise: refunded,
          status: refunded === p.amountPaise ? 'refunded' : 'captured',
        });
        const refund = await repo.insertRefund(tx, { id: idOf('rfnd'), paymentId, amountPaise: amount, notes: input.notes ?? {} });
        await queue(tx, 'refund.processed', { refund: refundEntity(refund), payment: paymentEntity(payment) });
        return toRefund(refundEntity(refund));
      });
    },
  };

  async function queue(tx: Executor, event: string, payload: Record<string, unknown>) {
    await repo.insertDelivery(tx, { id: idOf('evt'), event, payload: eventBody(event, payload) });
  }

  const webhooks = createWebhookDeliverer({ db, webhookSecret });

  return {
    provider,
    keySecret,
    ...webhooks,

    async findOrder(orderId: string) {
      return ORDER_ID.test(orderId) ? repo.findOrder(db, orderId) : undefined;
    },

    /**
     * A payment made on the hosted page. Success captures it at once (Razorpay's default
     * auto-capture) and marks the order paid; either way the webhook events are queued.
     */
    async pay(orderId: string, decision: Exclude<PayDecision, { formError: string }>): Promise<PayResult> {
      return db.transaction(async (tx) => {
        const order = await repo.findOrder(tx, orderId, true);
        if (!order) throw new AppError('NOT_FOUND', `There is no order ${orderId}.`);
        if (order.status === 'paid') throw new AppError('CONFLICT', 'This order has been paid already.');
        const id = idOf('pay');
        const base = { id, orderId, amountPaise: order.amountPaise, method: decision.method };
        if (decision.ok) {
          const payment = await repo.insertPayment(tx, { ...base, status: 'captured', details: decision.details, capturedAt: new Date() });
          await repo.updateOrder(tx, orderId, { status: 'paid' });
          const paid = (await repo.findOrder(tx, orderId))!;
          await queue(tx, 'payment.captured', { payment: paymentEntity(payment) });
          await queue(tx, 'order.paid', { payment: paymentEntity(payment), order: orderEntity(paid) });
          return { ok: true, orderId, paymentId: id, signature: paymentSignature(keySecret, orderId, id) };
        }
        const { error } = decision;
        const payment = await repo.insertPayment(tx, {
          ...base,
          status: 'failed',
          errorCode: error.code,
          errorDescription: error.description,
          details: { ...decision.details, errorReason: error.reason },
        });
        await repo.updateOrder(tx, orderId, { status: 'attempted' });
        await queue(tx, 'payment.failed', { payment: paymentEntity(payment) });
        return { ok: false, orderId, paymentId: id, error };
      });
    },
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
