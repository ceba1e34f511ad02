import { inSentence, returnDeadline } from '~/shared/orders';
import type { OrderDetail, ReturnRequest } from '~/shared/schemas/orders';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { dayOf } from '../lib/dates';
import type { OrderSteps } from '../modules/orders/order-steps';
import type { ReturnsService } from '../modules/returns/returns.service';

/**
 * The flow `request-return` (decision 67): after delivery, the customer asks for a return, in one
 * transaction over the orders (status, return reason, timeline, e-mails) and the returns (the photos
 * the request names are attached). Receiving and refunding it are the flows `receive-return` and
 * `refund-return`.
 */
export function createRequestReturn(deps: {
  db: Database;
  orders: Pick<OrderSteps, 'locked' | 'update' | 'timeline' | 'mail' | 'detail'>;
  returns: Pick<ReturnsService, 'attachReturnPhotos'>;
}) {
  const { db, orders, returns } = deps;

  return {
    /**
     * A return asked for within the order's return window (the settings' when it was placed) after
     * delivery, with the photos the customer uploaded for it (attached by id, decision 50).
     */
    async byCustomer(userId: string, orderId: string, input: ReturnRequest, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId, userId);
        if (order.status === 'return_requested') throw new AppError('CONFLICT', 'A return has already been requested for this order.');
        if (order.status !== 'delivered') throw new AppError('CONFLICT', 'A return can be requested once the order is delivered.');
        const deadline = returnDeadline(order.deliveredAt, order.returnWindowDays)!;
        if (now > deadline)
          throw new AppError('CONFLICT', `The ${order.returnWindowDays}-day return window for this order closed on ${dayOf(deadline)}.`);
        const reason = input.details ? `${input.reason}: ${inSentence(input.details)}` : input.reason;
        const photoCount = await returns.attachReturnPhotos(tx, orderId, userId, input.photoIds ?? [], now);
        const updated = await orders.update(tx, orderId, { status: 'return_requested', returnReason: reason, returnRequestedAt: now });
        const withPhotos = photoCount === 0 ? '' : ` (${photoCount === 1 ? '1 photo' : `${photoCount} photos`} attached)`;
        await orders.timeline.add(tx, {
          orderId,
          kind: 'return_requested',
          message: `Return requested: ${reason}${withPhotos}. We will arrange a pickup within 2 working days.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        // Cash on delivery is refunded by the shop's bank transfer: the e-mail asks for the account.
        await orders.mail.send(tx, updated, 'order_return_requested', {
          reason,
          photoCount,
          ...(updated.paymentMethod === 'cod' ? { refundByBankTransfer: true } : {}),
        });
        await orders.mail.notifySellers(tx, updated, 'return_requested', { reason, photoCount });
        return orders.detail(tx, updated);
      });
    },
  };
}
