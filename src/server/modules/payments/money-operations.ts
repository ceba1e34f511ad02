import { PAYMENT_METHOD_LABELS, REFUND_TIMES, refundTime, switchedPaymentMethod, type PaymentMethod } from '~/shared/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { PaymentProvider, ProviderPayment } from './provider';
import * as repo from './payments.repo';
import { viaProvider } from './via-provider';

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
 * The money operations, each written once and run in the caller's transaction: capture, a failed attempt,
 * cash collected or reduced, an unpaid order cancelled, the one refund sequence, a duplicate payment given back.
 */
export function createMoneyOperations(deps: { provider: PaymentProvider }) {
  const { provider } = deps;

  /** How the customer paid, in words, from the method they actually used at the provider. */
  const paidWithLabel = (payment: repo.PaymentRow) =>
    PAYMENT_METHOD_LABELS[(payment.paidWith ?? payment.method) as PaymentMethod] ?? payment.method;

  return {
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
  };
}
