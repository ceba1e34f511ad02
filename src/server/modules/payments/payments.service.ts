import { PAYMENT_METHOD_LABELS, REFUND_TIMES, refundTime, switchedPaymentMethod, type PaymentMethod } from '~/shared/orders';
import type {
  AdminPayment,
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  AdminRefund,
  AdminRefundsQuery,
  AdminRefundsResponse,
} from '~/shared/schemas/payments';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { WEBHOOK_EVENT_TYPES, type CheckoutOptions, type PaymentProvider, type ProviderPayment, type WebhookEvent } from './provider';
import * as repo from './payments.repo';
import * as figures from './payment-figures.repo';

export type { PaymentRow, RefundRow } from './payments.repo';

/** Payment statuses after the money arrived (whether or not some went back). */
const SETTLED = ['captured', 'refunded', 'partially_refunded'];

/** Turns a provider failure (network, 5xx) into a clear 503; the provider's own refusals pass through. */
export async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'UNAVAILABLE',
      `The payment provider could not be reached to ${what}. Nothing was changed; please try again in a minute.`,
      { cause: error },
    );
  }
}

/** The `event` field of a webhook body, or undefined when the body is not such JSON. */
function eventNameOf(rawBody: Buffer): string | undefined {
  try {
    const event = (JSON.parse(rawBody.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** What a refund did: how much went back, how (for the customer's words), and whether it is done. */
export interface RefundOutcome {
  amountPaise: number;
  status: 'processed' | 'pending';
  /** "to your UPI" or "by bank transfer to the account you gave us". */
  how: string;
  /** How long it takes to show ("2–4 working days"), by the way it went back. */
  takes: string;
  providerRefundId: string | null;
}

/**
 * The shop's record of every order's payment, its refunds and the provider's webhook events, and the
 * provider behind them. Each money operation (open, capture, fail, collect cash, cancel, refund) is
 * written here once and runs in the caller's transaction, so an order and its money change together.
 */
export function createPaymentsService(deps: { db: Database; provider: PaymentProvider }) {
  const { db, provider } = deps;

  /** How the customer paid, in words, from the method they actually used at the provider. */
  const paidWithLabel = (payment: repo.PaymentRow) =>
    PAYMENT_METHOD_LABELS[(payment.paidWith ?? payment.method) as PaymentMethod] ?? payment.method;

  return {
    providerName: provider.name,

    /** The payment record of a new order: at the provider for online methods, cash on delivery otherwise. */
    open: (tx: Executor, input: { orderId: string; method: PaymentMethod; amountPaise: number }) =>
      repo.insertPayment(tx, {
        id: newId('pay'),
        orderId: input.orderId,
        provider: input.method === 'cod' ? 'cod' : provider.name,
        method: input.method,
        amountPaise: input.amountPaise,
        status: 'created',
      }),

    /** The order's payment record (every order has one); `lock` holds its row until the transaction ends. */
    async of(tx: Executor, orderId: string, options: { lock?: boolean } = {}): Promise<repo.PaymentRow> {
      const row = await repo.paymentOf(tx, orderId, options.lock ?? false);
      if (!row) throw new Error(`order ${orderId} has no payment record`);
      return row;
    },

    /** The payment status of each order, by order id (for lists of orders). */
    statusesOf: (orderIds: string[]) => repo.paymentStatusesOf(db, orderIds),
    byProviderOrder: (tx: Executor, providerOrderId: string) => repo.paymentByProviderOrder(tx, providerOrderId),
    refundsOf: (tx: Executor, orderId: string) => repo.refundsOfOrder(tx, orderId),
    isSettled: (payment: repo.PaymentRow) => SETTLED.includes(payment.status),

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

    // ---------- the money operations ----------

    /**
     * Captures a payment the provider reports as authorized or captured (capturing it at the provider
     * first when only authorized) and records it: status captured, the provider's payment id, how the
     * customer paid (the method too, when the customer switched at the provider's page between card,
     * UPI and net banking). Returns the updated record.
     */
    async capture(tx: Executor, payment: repo.PaymentRow, incoming: ProviderPayment): Promise<repo.PaymentRow> {
      const paid =
        incoming.status === 'authorized'
          ? await viaProvider('capture the payment', () => provider.capturePayment(incoming.id, incoming.amountPaise))
          : incoming;
      const switched = switchedPaymentMethod(payment.method, paid.method);
      return repo.updatePayment(tx, payment.id, {
        status: 'captured',
        providerPaymentId: paid.id,
        paidWith: paid.method,
        // Paid another way than chosen (a card after a failed UPI attempt): the payment is a card payment.
        ...(switched ? { method: switched } : {}),
        capturedAt: new Date(),
        errorCode: null,
        errorDescription: null,
      });
    },

    /** Records a failed attempt once, however often it is reported; false when it was recorded already. */
    async recordFailure(tx: Executor, payment: repo.PaymentRow, incoming: ProviderPayment): Promise<boolean> {
      if (payment.lastFailedPaymentId === incoming.id) return false;
      await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        errorCode: incoming.errorCode,
        errorDescription: incoming.errorDescription ?? 'The payment did not go through.',
        lastFailedPaymentId: incoming.id,
      });
      return true;
    },

    /** Cash on delivery handed to the courier: the payment is captured at this moment. False when it is not an uncollected COD payment. */
    async collectCash(tx: Executor, payment: repo.PaymentRow, at: Date): Promise<boolean> {
      if (payment.provider !== 'cod' || payment.status !== 'created') return false;
      await repo.updatePayment(tx, payment.id, { status: 'captured', capturedAt: at, paidWith: 'cod' });
      return true;
    },

    /**
     * Cash on delivery not collected yet: the courier collects less (items of the order were
     * cancelled). False when the payment is not such a payment.
     */
    async reduceCashDue(tx: Executor, payment: repo.PaymentRow, byPaise: number): Promise<boolean> {
      if (payment.provider !== 'cod' || payment.status !== 'created') return false;
      if (!Number.isInteger(byPaise) || byPaise <= 0 || byPaise >= payment.amountPaise) {
        throw new AppError('CONFLICT', 'The cash to collect cannot be reduced by that much.');
      }
      await repo.updatePayment(tx, payment.id, { amountPaise: payment.amountPaise - byPaise });
      return true;
    },

    /** An order cancelled before it was paid: its payment will never be made. */
    async cancelUnpaid(tx: Executor, payment: repo.PaymentRow): Promise<void> {
      if (payment.status === 'created' || payment.status === 'failed') await repo.updatePayment(tx, payment.id, { status: 'cancelled' });
    },

    /**
     * Gives money back, the one refund sequence of the shop: through the provider for online
     * payments (the whole amount left unless `amountPaise` says less), or recorded as a bank
     * transfer for cash on delivery; then the refund row and the payment's refunded amount and
     * status (refunded, or partially refunded while some is left).
     */
    async refund(
      tx: Executor,
      payment: repo.PaymentRow,
      input: { reason: string; amountPaise?: number; notes?: Record<string, string> },
    ): Promise<RefundOutcome> {
      const left = payment.amountPaise - payment.amountRefundedPaise;
      const amount = input.amountPaise ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new AppError('CONFLICT', 'This payment has no money left to refund that much.');
      }
      let outcome: RefundOutcome;
      if (payment.provider !== 'cod' && payment.providerPaymentId) {
        const paymentId = payment.providerPaymentId;
        const refund = await viaProvider('refund the payment', () =>
          provider.refund(paymentId, { amountPaise: amount, notes: input.notes }),
        );
        outcome = {
          amountPaise: refund.amountPaise,
          status: refund.status === 'processed' ? 'processed' : 'pending',
          how: `to your ${paidWithLabel(payment)}`,
          takes: refundTime(payment.paidWith ?? payment.method),
          providerRefundId: refund.id,
        };
      } else {
        outcome = {
          amountPaise: amount,
          status: 'processed',
          how: 'by bank transfer to the account you gave us',
          takes: REFUND_TIMES.cod,
          providerRefundId: null,
        };
      }
      await repo.insertRefund(tx, {
        id: newId('rfd'),
        paymentId: payment.id,
        orderId: payment.orderId,
        providerRefundId: outcome.providerRefundId,
        amountPaise: outcome.amountPaise,
        status: outcome.status,
        reason: input.reason,
      });
      const refunded = payment.amountRefundedPaise + outcome.amountPaise;
      await repo.updatePayment(tx, payment.id, {
        status: refunded >= payment.amountPaise ? 'refunded' : 'partially_refunded',
        amountRefundedPaise: refunded,
      });
      return outcome;
    },

    /** Gives back a second payment for an order already paid (two tabs): it is not the order's payment, so no record changes. */
    refundDuplicate: (providerPaymentId: string) =>
      viaProvider('refund a duplicate payment', () => provider.refund(providerPaymentId, { notes: { reason: 'duplicate payment' } })),

    // ---------- the admin's view ----------

    /**
     * One page of payments, newest first unless sorted otherwise, narrowed by status, method and an
     * order number or customer e-mail; the summary covers every payment the filter matches.
     */
    async list(query: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
      const { rows, totals } = await repo.listPayments(db, query);
      const refundRows = await repo.refundsOfPayments(
        db,
        rows.map((r) => r.payment.id),
      );
      const refundsByPayment = new Map<string, AdminRefund[]>();
      for (const r of refundRows) {
        const list = refundsByPayment.get(r.paymentId) ?? [];
        list.push({
          id: r.id,
          amountPaise: r.amountPaise,
          status: r.status as AdminRefund['status'],
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          createdAt: r.createdAt.toISOString(),
        });
        refundsByPayment.set(r.paymentId, list);
      }
      const items: AdminPayment[] = rows.map(({ payment: p, ...order }) => ({
        paymentId: p.id,
        orderId: p.orderId,
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus as AdminPayment['orderStatus'],
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        provider: p.provider as AdminPayment['provider'],
        method: p.method as AdminPayment['method'],
        paidWith: p.paidWith,
        status: p.status as AdminPayment['status'],
        amountPaise: p.amountPaise,
        amountRefundedPaise: p.amountRefundedPaise,
        providerPaymentId: p.providerPaymentId,
        attempts: p.attempts,
        errorDescription: p.errorDescription,
        createdAt: p.createdAt.toISOString(),
        capturedAt: p.capturedAt?.toISOString() ?? null,
        refunds: refundsByPayment.get(p.id) ?? [],
      }));
      const { total, ...figures } = totals;
      return {
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
        summary: { ...figures, netPaise: figures.capturedPaise - figures.refundedPaise },
      };
    },

    /** One page of refunds, newest first, by status or order number / customer e-mail, with figures over every match. */
    async listRefunds(query: AdminRefundsQuery): Promise<AdminRefundsResponse> {
      const { rows, totals } = await repo.listRefunds(db, query);
      const { total, ...summary } = totals;
      return {
        items: rows.map(({ refund: r, ...rest }) => ({
          id: r.id,
          paymentId: r.paymentId,
          orderId: r.orderId,
          orderNumber: rest.orderNumber,
          customerName: rest.customerName,
          customerEmail: rest.customerEmail,
          method: rest.method as AdminPayment['method'],
          amountPaise: r.amountPaise,
          status: r.status as AdminRefund['status'],
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        summary,
      };
    },

    /** The admin dashboard's money: net paid and refunds of the orders of a period and the one before, and what waits now. */
    dashboardFigures: (window: { previousStart: Date; start: Date; end: Date }) => figures.paymentFigures(db, window),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
