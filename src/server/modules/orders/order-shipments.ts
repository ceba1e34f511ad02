import type { OrderDetail } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import { dayOf } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { lockedOrder, statusFromShipments, type Actor } from './order-rules';
import { type OrderTimeline } from './order-timeline';
import { mailAddressOf, orderDetail, type OrderMail, type OrderViewDeps } from './order-views';
import * as repo from './orders.repo';

/** Statuses in which sellers still ship items of an order. */
const SHIPPABLE: readonly string[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];

/** What shipping is handed (by the orders' service). */
export interface ShipmentsDeps {
  db: Database;
  payments: OrderViewDeps['payments'];
  returns: OrderViewDeps['returns'];
  mail: OrderMail;
  timeline: OrderTimeline;
  sealer: Sealer;
}

/** After payment: shipments, one per seller (delivery, which writes the vendor ledger too, is the flow `deliver-order`). */
export function createOrderShipments(deps: ShipmentsDeps) {
  const { db, payments, returns, mail, timeline, sealer } = deps;

  const detail = (tx: Executor, order: repo.OrderRow) => orderDetail({ payments, returns, sealer }, tx, order);

  return {
    /**
     * Hands a vendor's items to a courier (one shipment per vendor). The order is `shipped` once
     * every vendor's items are, and `processing` while some are.
     */
    async ship(
      orderId: string,
      input: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string },
      actor: Actor,
    ): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (!SHIPPABLE.includes(order.status)) {
          throw new AppError(
            'CONFLICT',
            order.status === 'pending_payment'
              ? 'This order is not paid yet.'
              : `An order that is ${order.status.replace('_', ' ')} cannot be shipped.`,
          );
        }
        const items = await repo.itemsOf(tx, [orderId]);
        const before = await repo.shipmentsOf(tx, orderId);
        const shipped = new Set(before.map((s) => s.vendorId));
        // Sellers whose every line was cancelled have nothing to ship.
        const waiting = [...new Set(items.filter((i) => i.quantity > i.cancelledQuantity).map((i) => i.vendorId))].filter(
          (v) => !shipped.has(v),
        );
        const vendorId = input.vendorId ?? (waiting.length === 1 ? waiting[0] : undefined);
        if (!vendorId || !waiting.includes(vendorId)) {
          throw new AppError('VALIDATION', 'Choose which seller’s items are shipped.', {
            fields: { vendorId: 'Choose a seller of this order whose items have not shipped yet' },
          });
        }
        await repo.insertShipment(tx, {
          id: newId('shp'),
          orderId,
          vendorId,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? null,
        });
        const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
        const all = waiting.length === 1;
        const status = statusFromShipments(items, [...before, { vendorId, status: 'shipped' }]) ?? 'partly_shipped';
        const updated = await repo.updateOrder(tx, orderId, { status });
        await timeline.add(
          tx,
          {
            orderId,
            kind: all ? 'shipped' : 'shipment',
            message: `${seller} shipped ${all && shipped.size === 0 ? 'the order' : 'their items'} with ${input.carrier}, tracking number ${input.trackingNumber}.`,
            actorRole: actor.role,
            actorUserId: actor.userId,
          },
          { vendorId },
        );
        if (all) {
          await mail.send(tx, updated, 'order_shipped', {
            address: mailAddressOf(updated.address),
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
            ...(updated.expectedBy ? { expectedBy: dayOf(new Date(`${updated.expectedBy}T12:00:00+05:30`)) } : {}),
          });
        }
        return detail(tx, updated);
      });
    },
  };
}

export type OrderShipments = ReturnType<typeof createOrderShipments>;
