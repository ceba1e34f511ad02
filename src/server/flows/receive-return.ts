import type { OrderDetail, ReceiveReturn, ReturnCondition } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { openLinesOf } from '../modules/orders/order-rules';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { Actor, OrderSteps } from '../modules/orders/order-steps';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { OrderMoney } from './order-money';

/** What the customer's timeline says of returned items once checked. */
const CHECKED: Record<ReturnCondition, string> = {
  resellable: 'the items are back in stock.',
  damaged: 'the items are damaged and will not be sold again.',
};

/**
 * The flow `receive-return` (decision 62): the returned items came back (to their seller, or to the
 * shop) and were checked, in one transaction over the orders (shipments, status, timeline), the
 * returns (the e-mail asking for a refund account) and the catalogue (resellable items back into stock).
 */
export function createReceiveReturn(deps: {
  db: Database;
  orders: OrderSteps;
  /** The sellers' shipments: read under the order's lock, and written. */
  fulfilment: FulfilmentService;
  /** The e-mail asking for a cash-on-delivery refund's bank account (the returns module's). */
  returns: Pick<ReturnsService, 'askForRefundAccount'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'vendorView'>;
  money: Pick<OrderMoney, 'restock'>;
}) {
  const { db, orders, fulfilment, returns, vendorOrders, money } = deps;

  /**
   * A vendor received its items of a returned order back and checked them: fit to sell again, they go
   * back into its stock; damaged or faulty, they are written off. The order is returned once every
   * seller has received theirs.
   */
  async function receiveForVendor(
    orderId: string,
    vendorId: string,
    actor: Actor,
    { condition }: ReceiveReturn,
    now = new Date(),
  ): Promise<OrderDetail> {
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId);
      if (order.status !== 'return_requested') throw new AppError('CONFLICT', 'The customer has not asked to return this order.');
      const shipmentRows = await fulfilment.shipments(tx, orderId);
      const mine = shipmentRows.find((r) => r.vendorId === vendorId);
      if (!mine || mine.status !== 'delivered') throw new AppError('CONFLICT', 'Your items of this order were received back already.');
      const items = await orders.items(tx, orderId);
      if (condition === 'resellable') await money.restock(tx, order, openLinesOf(items, vendorId));
      await fulfilment.update(tx, orderId, vendorId, { status: 'return_received', returnReceivedAt: now, returnCondition: condition });
      const all = shipmentRows.every((r) => r.vendorId === vendorId || r.status === 'return_received' || r.status === 'refunded');
      const updated = all ? await orders.update(tx, orderId, { status: 'returned' }) : order;
      await orders.timeline.add(
        tx,
        {
          orderId,
          kind: all ? 'returned' : 'note',
          message: `${items.find((i) => i.vendorId === vendorId)!.sellerName} received the returned items and checked them: ${CHECKED[condition]} Your refund for them follows.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        },
        { vendorId },
      );
      await returns.askForRefundAccount(tx, updated);
      return orders.detail(tx, updated);
    });
  }

  return {
    /**
     * The returned items arrived at the shop and were checked: back into stock, or written off when
     * damaged. Sellers who received their items already decided for theirs.
     */
    async byAdmin(orderId: string, actor: Actor, { condition }: ReceiveReturn, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
        if (order.status !== 'return_requested')
          throw new AppError('CONFLICT', 'Only an order with a return requested can be received back.');
        const items = await orders.items(tx, orderId);
        const pending = (await fulfilment.shipments(tx, orderId)).filter((r) => r.status === 'delivered');
        if (condition === 'resellable') {
          await money.restock(
            tx,
            order,
            pending.flatMap((r) => openLinesOf(items, r.vendorId)),
          );
        }
        for (const r of pending)
          await fulfilment.update(tx, orderId, r.vendorId, {
            status: 'return_received',
            returnReceivedAt: now,
            returnCondition: condition,
          });
        const updated = await orders.update(tx, orderId, { status: 'returned' });
        await orders.timeline.add(tx, {
          orderId,
          kind: 'returned',
          message: `Return received and checked: ${CHECKED[condition]} Your refund follows.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await returns.askForRefundAccount(tx, updated);
        return orders.detail(tx, updated);
      });
    },

    /** The vendor's items of a returned order came back to it: back into its stock, or written off. */
    async byVendor(vendorId: string, userId: string, orderId: string, input: ReceiveReturn): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      await receiveForVendor(orderId, vendorId, { role: 'vendor', userId }, input);
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}

export type ReceiveReturnFlow = ReturnType<typeof createReceiveReturn>;
