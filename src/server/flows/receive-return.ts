import type { OrderDetail, ReceiveReturn, ReturnCondition } from '~/shared/schemas/orders';
import { needsSerials, type ReleaseSerialHold } from '~/shared/schemas/serials';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { openLinesOf } from '../modules/orders/order-rules';
import type { AuditService } from '../modules/audit/audit.service';
import type { FulfilmentService, SerialMismatch, UnitLine } from '../modules/fulfilment/fulfilment.service';
import type { Actor, OrderSteps } from '../modules/orders/order-steps';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { OrderMoney } from './order-money';

/** What the customer's timeline says of returned items once checked. */
const CHECKED: Record<ReturnCondition, string> = {
  resellable: 'the items are back in stock.',
  damaged: 'the items are damaged and will not be sold again.',
};

/** What the customer's timeline says while a return's serials are checked by the shop (decision 72). */
const HELD = 'The serial numbers of the returned items are being checked by the shop; your refund follows once they are.';

type ItemWithImage = Awaited<ReturnType<OrderSteps['items']>>[number];

/** A seller's open lines of the order, as the serials of its returned units are matched to them. */
const unitLinesOf = (items: ItemWithImage[], vendorId: string): UnitLine[] =>
  items
    .filter((i) => i.vendorId === vendorId && i.quantity > i.cancelledQuantity)
    .map((i) => ({
      itemId: i.id,
      name: i.name,
      variantKey: i.variantId ?? i.productId,
      units: i.quantity - i.cancelledQuantity,
      needsSerials: needsSerials(i.category),
    }));

const mismatchSummary = (m: SerialMismatch[]) =>
  m.map((x) => `${x.name} unit ${x.unit}: shipped ${x.expected}, came back ${x.received}`).join('; ');

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
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, orders, fulfilment, returns, vendorOrders, money, audit } = deps;

  /**
   * Matches the serials of a seller's returned units to those it shipped (decision 72); a mismatch holds its
   * refund for an admin, recorded in the audit log with the serials expected and received. True when held.
   */
  async function checkSerials(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    order: { id: string; orderNumber: string },
    vendorId: string,
    items: ItemWithImage[],
    input: ReceiveReturn,
    actor: Actor,
    now: Date,
  ): Promise<boolean> {
    const mismatches = await fulfilment.receiveSerials(tx, {
      orderId: order.id,
      lines: unitLinesOf(items, vendorId),
      given: input.units,
      release: input.condition === 'resellable',
      at: now,
    });
    if (mismatches.length === 0) return false;
    await fulfilment.update(tx, order.id, vendorId, { serialHoldAt: now });
    await audit.record(tx, {
      action: 'order.serial_mismatch',
      entityType: 'order',
      entityId: order.id,
      vendorId,
      summary: `Order ${order.orderNumber}: returned serials do not match what ${items.find((i) => i.vendorId === vendorId)!.sellerName} shipped (${mismatchSummary(mismatches)}); the refund is held`,
      after: { mismatches: mismatches.map(({ itemId, unit, expected, received }) => ({ itemId, unit, expected, received })) },
      actor: { userId: actor.userId, role: actor.role },
    });
    return true;
  }

  /**
   * A vendor received its items of a returned order back and checked them: fit to sell again, they go
   * back into its stock; damaged or faulty, they are written off. The order is returned once every
   * seller has received theirs.
   */
  async function receiveForVendor(
    orderId: string,
    vendorId: string,
    actor: Actor,
    input: ReceiveReturn,
    now = new Date(),
  ): Promise<OrderDetail> {
    const { condition } = input;
    return db.transaction(async (tx) => {
      const order = await orders.locked(tx, orderId);
      if (order.status !== 'return_requested') throw new AppError('CONFLICT', 'The customer has not asked to return this order.');
      const shipmentRows = await fulfilment.shipments(tx, orderId);
      const mine = shipmentRows.find((r) => r.vendorId === vendorId);
      if (!mine || mine.status !== 'delivered') throw new AppError('CONFLICT', 'Your items of this order were received back already.');
      const items = await orders.items(tx, orderId);
      const held = await checkSerials(tx, order, vendorId, items, input, actor, now);
      if (condition === 'resellable') await money.restock(tx, order, openLinesOf(items, vendorId));
      await fulfilment.update(tx, orderId, vendorId, { status: 'return_received', returnReceivedAt: now, returnCondition: condition });
      const all = shipmentRows.every((r) => r.vendorId === vendorId || r.status === 'return_received' || r.status === 'refunded');
      const updated = all ? await orders.update(tx, orderId, { status: 'returned' }) : order;
      await orders.timeline.add(
        tx,
        {
          orderId,
          kind: all ? 'returned' : 'note',
          message: `${items.find((i) => i.vendorId === vendorId)!.sellerName} received the returned items and checked them: ${CHECKED[condition]} ${held ? HELD : 'Your refund for them follows.'}`,
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
    async byAdmin(orderId: string, actor: Actor, input: ReceiveReturn, now = new Date()): Promise<OrderDetail> {
      const { condition } = input;
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
        if (order.status !== 'return_requested')
          throw new AppError('CONFLICT', 'Only an order with a return requested can be received back.');
        const items = await orders.items(tx, orderId);
        const pending = (await fulfilment.shipments(tx, orderId)).filter((r) => r.status === 'delivered');
        let held = false;
        for (const r of pending) held = (await checkSerials(tx, order, r.vendorId, items, input, actor, now)) || held;
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
          message: `Return received and checked: ${CHECKED[condition]} ${held ? HELD : 'Your refund follows.'}`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await returns.askForRefundAccount(tx, updated);
        return orders.detail(tx, updated);
      });
    },

    /**
     * An admin checked a return whose serials did not match (decision 72) and lets its refund go ahead: the
     * seller (or the shop) may refund it now. Recorded on the order's timeline and in the audit log with why.
     */
    async releaseSerialHold(orderId: string, input: ReleaseSerialHold, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
        const shipment = (await fulfilment.shipments(tx, orderId)).find((r) => r.vendorId === input.vendorId);
        if (!shipment?.serialHoldAt || shipment.serialHoldReleasedAt) {
          throw new AppError('CONFLICT', 'No refund of this order waits for a check of its serial numbers.');
        }
        await fulfilment.update(tx, orderId, input.vendorId, { serialHoldReleasedAt: now, serialHoldReleasedBy: actor.userId });
        const items = await orders.items(tx, orderId);
        const seller = items.find((i) => i.vendorId === input.vendorId)?.sellerName ?? 'The seller';
        await orders.timeline.add(
          tx,
          {
            orderId,
            kind: 'note',
            message: 'The shop checked the serial numbers of the returned items: your refund follows.',
            actorRole: actor.role,
            actorUserId: actor.userId,
          },
          { vendorId: input.vendorId },
        );
        await audit.record(tx, {
          action: 'order.serial_hold_release',
          entityType: 'order',
          entityId: orderId,
          vendorId: input.vendorId,
          summary: `Order ${order.orderNumber}: the refund of ${seller}'s returned items may go ahead: ${input.note}`,
          before: { serialHoldAt: shipment.serialHoldAt },
          after: { serialHoldReleasedAt: now, note: input.note },
          actor: { userId: actor.userId, role: actor.role },
        });
        return orders.detail(tx, order);
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
