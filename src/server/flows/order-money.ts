import { formatPaise } from '~/shared/money';
import type { Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import type { InventoryService } from '../modules/catalogue/inventory.service';
import { refundOfLines, selectedLines } from '../modules/orders/order-rules';
import { NO_REFUND_ACCOUNT, type Actor, type LineSelection, type OrderRow, type OrderSteps } from '../modules/orders/order-steps';
import type { PaymentRow, PaymentsService, RefundOutcome } from '../modules/payments/payments.service';

/**
 * The two money and stock steps the order flows share, each written once (decision 62): an order's
 * stock back to the catalogue and money back to the customer through the payments module, each with
 * its entry on the order's timeline. Not a flow itself: the flows call them in their transaction,
 * with the order's row locked.
 */
export function createOrderMoney(deps: {
  orders: Pick<OrderSteps, 'items' | 'hasRefundAccount' | 'timeline'>;
  payments: Pick<PaymentsService, 'of' | 'refund'>;
  inventory: Pick<InventoryService, 'restock'>;
}) {
  const { orders, payments, inventory } = deps;

  /** Whose stock a line's units go back to: the offer it was bought from (a line of before decision 70 names none: its product's own). */
  const stockOf = (item: { productId: string; offerId: string | null }) => ({
    productId: item.productId,
    offerId: item.offerId ?? item.productId,
  });

  /** Puts the order's lines (all of them, or the chosen quantities) back into the stock of the offers they were bought from. */
  async function restock(tx: Executor, order: OrderRow, lines?: LineSelection): Promise<void> {
    const items = await orders.items(tx, order.id);
    const back = lines
      ? selectedLines(items, lines).map(({ item, quantity }) => ({ ...stockOf(item), quantity }))
      : // Lines a seller cancelled went back into stock then: only what is left goes back now.
        items.filter((i) => i.quantity > i.cancelledQuantity).map((i) => ({ ...stockOf(i), quantity: i.quantity - i.cancelledQuantity }));
    await inventory.restock(tx, back);
  }

  /**
   * Gives the customer money back, all that is left of the payment or the price of some lines, and
   * writes it on the timeline (by default: "Refund of ₹… issued to your UPI.").
   */
  async function refund(
    tx: Executor,
    order: OrderRow,
    input: {
      reason: string;
      actor: Actor;
      lines?: LineSelection;
      /** The delivery charge goes back too (alone when no lines are given). */
      withShipping?: boolean;
      notes?: Record<string, string>;
      payment?: PaymentRow;
      kind?: 'refund' | 'refunded';
      message?: (outcome: RefundOutcome) => string;
    },
  ): Promise<RefundOutcome> {
    const payment = input.payment ?? (await payments.of(tx, order.id, { lock: true }));
    // The shop transfers cash-on-delivery refunds itself: to an account the customer gave, never to none.
    if (payment.provider === 'cod' && !orders.hasRefundAccount(order)) throw new AppError('CONFLICT', NO_REFUND_ACCOUNT);
    const amountPaise =
      input.lines || input.withShipping
        ? (input.lines ? refundOfLines(await orders.items(tx, order.id), input.lines) : 0) + (input.withShipping ? order.shippingPaise : 0)
        : undefined;
    const outcome = await payments.refund(tx, payment, { reason: input.reason, amountPaise, notes: input.notes });
    await orders.timeline.add(tx, {
      orderId: order.id,
      kind: input.kind ?? 'refund',
      message: input.message?.(outcome) ?? `Refund of ${formatPaise(outcome.amountPaise)} issued ${outcome.how}.`,
      actorRole: input.actor.role,
      actorUserId: input.actor.userId,
    });
    return outcome;
  }

  return { restock, refund };
}

export type OrderMoney = ReturnType<typeof createOrderMoney>;

/** The payment provider, as the actor of the refunds it makes on its own account (a cancellation's). */
export const PAYMENT: Actor = { role: 'payment', userId: null };
