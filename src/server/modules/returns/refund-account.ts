import { maskBankAccount, maskedAccountLine } from '~/shared/schemas/bank-account';
import type { OrderDetail, RefundAccount } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sameBankAccount } from '../../lib/sealed-bank-account';
import { refundAccountProblem } from '../orders/order-rules';
import type { OrderRow, OrderSteps } from '../orders/order-steps';
import type { PaymentsService } from '../payments/payments.service';

/**
 * The bank account a customer gives for the refund of a returned cash-on-delivery order: the shop
 * collected the cash, so the shop transfers it back (decision 46), and needs to know where to.
 */
export function createRefundAccounts(deps: {
  db: Database;
  payments: Pick<PaymentsService, 'of'>;
  /** The order's own steps: its row locked, its account opened and written, its timeline, its detail. */
  orders: Pick<OrderSteps, 'locked' | 'refundAccount' | 'setRefundAccount' | 'hasRefundAccount' | 'timeline' | 'mail' | 'detail'>;
}) {
  const { db, payments, orders } = deps;

  /** The customer's own order only, for the customer; any order, for the admin. */
  function save(orderId: string, input: RefundAccount, actor: { role: 'customer' | 'admin'; userId: string }): Promise<OrderDetail> {
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId, actor.role === 'customer' ? actor.userId : undefined);
      const payment = await payments.of(tx, orderId);
      const problem = refundAccountProblem(order, payment, actor.role);
      if (problem) throw new AppError('CONFLICT', problem);
      const given = { holderName: input.holderName, accountNumber: input.accountNumber, ifsc: input.ifsc };
      if (sameBankAccount(orders.refundAccount(order), given)) return orders.detail(tx, order);
      const updated = await orders.setRefundAccount(tx, orderId, given);
      const line = maskedAccountLine(maskBankAccount(input));
      const first = !orders.hasRefundAccount(order);
      await orders.timeline.add(tx, {
        orderId,
        kind: 'refund_account',
        message:
          actor.role === 'customer'
            ? first
              ? `You gave the bank account for your refund: ${line}.`
              : `You changed the bank account for your refund to ${line}.`
            : first
              ? `The shop recorded the bank account you gave us for your refund: ${line}.`
              : `The shop changed the bank account for your refund to the one you gave us: ${line}.`,
        actorRole: actor.role,
        actorUserId: actor.userId,
      });
      return orders.detail(tx, updated);
    });
  }

  return {
    /**
     * Saves (or changes) the account on the customer's own order, with an entry on its timeline.
     * NOT_FOUND for another customer's order; CONFLICT unless the order is a cash-on-delivery return
     * not yet refunded in full. Giving the same account again changes nothing.
     */
    giveRefundAccount(userId: string, orderId: string, input: RefundAccount): Promise<OrderDetail> {
      return save(orderId, input, { role: 'customer', userId });
    },

    /**
     * The admin records the account a customer gave by phone or e-mail, on the same terms: written on
     * the order's timeline for the customer to see and, through it, in the audit log.
     */
    recordRefundAccount(orderId: string, input: RefundAccount, admin: { userId: string }): Promise<OrderDetail> {
      return save(orderId, input, { role: 'admin', userId: admin.userId });
    },

    /**
     * Once every item of a cash-on-delivery return is back and checked, the shop can transfer the
     * refund: a customer who has not said where to is reminded by e-mail (decision 46's bank transfer),
     * in the transaction of the flow `receive-return`.
     */
    async askForRefundAccount(tx: Executor, order: OrderRow): Promise<void> {
      if (order.status !== 'returned' || order.paymentMethod !== 'cod' || orders.hasRefundAccount(order)) return;
      const payment = await payments.of(tx, order.id);
      if (refundAccountProblem(order, payment) !== null) return;
      await orders.mail.send(tx, order, 'order_refund_account_needed', { refundPaise: payment.amountPaise - payment.amountRefundedPaise });
    },
  };
}
