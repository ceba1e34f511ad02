import type { PaymentMethod } from '~/shared/orders';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { createMoneyOperations } from './money-operations';
import * as figures from './payment-figures.repo';
import { createPaymentLists } from './payment-lists';
import * as repo from './payments.repo';
import type { PaymentProvider } from './provider';
import { createProviderAnswers } from './provider-answers';

export type { PaymentRow, RefundRow } from './payments.repo';
export type { RefundOutcome } from './money-operations';
export { viaProvider } from './via-provider';

/** Payment statuses after the money arrived (whether or not some went back). */
const SETTLED = ['captured', 'refunded', 'partially_refunded'];

/**
 * The shop's record of every order's payment, its refunds and the provider's webhook events, and the
 * provider behind them. Each money operation (open, capture, fail, collect cash, cancel, refund) is
 * written here once and runs in the caller's transaction, so an order and its money change together.
 * Composed of the provider's answers, the money operations and the admin's lists.
 */
export function createPaymentsService(deps: { db: Database; provider: PaymentProvider }) {
  const { db, provider } = deps;

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

    ...createProviderAnswers({ provider }),
    ...createMoneyOperations({ provider }),
    ...createPaymentLists({ db }),

    /** The admin dashboard's money: net paid and refunds of the orders of a period and the one before, and what waits now. */
    dashboardFigures: (window: { previousStart: Date; start: Date; end: Date }) => figures.paymentFigures(db, window),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
