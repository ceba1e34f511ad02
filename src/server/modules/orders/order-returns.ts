import { inSentence, returnDeadline } from '~/shared/orders';
import type { OrderDetail, ReturnRequest } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import { dayOf } from '../../lib/dates';
import { lockedOrder } from './order-rules';
import type { OrderTimeline } from './order-timeline';
import { orderDetail, type OrderMail, type OrderViewDeps } from './order-views';
import * as repo from './orders.repo';
import { attachReturnPhotos } from './return-photos';

/** Why a seller does not refund a cash-on-delivery return itself. */
export const COD_REFUNDED_BY_SHOP =
  'The shop collected the cash for this order, so the shop refunds it by bank transfer to the customer: there is nothing for you to do.';

/** What asking for a return is handed (by the orders' service). */
export interface ReturnRequestDeps {
  db: Database;
  payments: OrderViewDeps['payments'];
  mail: OrderMail;
  timeline: OrderTimeline;
  sealer: Sealer;
}

/**
 * After delivery: returns asked for by the customer (receiving and refunding them, which move stock,
 * money and the vendor ledger too, are the flows `receive-return` and `refund-return`).
 */
export function createOrderReturns(deps: ReturnRequestDeps) {
  const { db, payments, mail, timeline, sealer } = deps;

  const detail = (tx: Executor, order: repo.OrderRow) => orderDetail({ payments, sealer }, tx, order);

  return {
    /**
     * A return asked for within the order's return window (the settings' when it was placed) after
     * delivery, with the photos the customer uploaded for it (attached by id, decision 50).
     */
    async requestReturn(userId: string, orderId: string, input: ReturnRequest, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.status === 'return_requested') throw new AppError('CONFLICT', 'A return has already been requested for this order.');
        if (order.status !== 'delivered') throw new AppError('CONFLICT', 'A return can be requested once the order is delivered.');
        const deadline = returnDeadline(order.deliveredAt, order.returnWindowDays)!;
        if (now > deadline)
          throw new AppError('CONFLICT', `The ${order.returnWindowDays}-day return window for this order closed on ${dayOf(deadline)}.`);
        const reason = input.details ? `${input.reason}: ${inSentence(input.details)}` : input.reason;
        const photoCount = await attachReturnPhotos(tx, orderId, userId, input.photoIds ?? [], now);
        const updated = await repo.updateOrder(tx, orderId, { status: 'return_requested', returnReason: reason, returnRequestedAt: now });
        const withPhotos = photoCount === 0 ? '' : ` (${photoCount === 1 ? '1 photo' : `${photoCount} photos`} attached)`;
        await timeline.add(tx, {
          orderId,
          kind: 'return_requested',
          message: `Return requested: ${reason}${withPhotos}. We will arrange a pickup within 2 working days.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        // Cash on delivery is refunded by the shop's bank transfer: the e-mail asks for the account.
        await mail.send(tx, updated, 'order_return_requested', {
          reason,
          photoCount,
          ...(updated.paymentMethod === 'cod' ? { refundByBankTransfer: true } : {}),
        });
        await mail.notifySellers(tx, updated, 'return_requested', { reason, photoCount });
        return detail(tx, updated);
      });
    },
  };
}
