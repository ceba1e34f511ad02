import type { Database } from '../db/client';
import type { OrderSteps } from '../modules/orders/order-steps';
import type { ShippingService } from '../modules/shipping/shipping.service';
import type { DeliverOrder } from './deliver-order';

/**
 * The flow `track-parcel` (decision 79): a courier's signed tracking push for a booked parcel, in one transaction:
 * 1. The shipping module checks the signature (or token) of the provider the route names, and reads the events.
 * 2. Its events are stored once each (a replay changes nothing) and the parcel moves to its latest event by the
 *    courier's time (an older event arriving late is kept in the timeline and moves nothing).
 * 3. When it moved: to delivered, the flow `deliver-order` delivers the seller's items as the seller's own record
 *    would (the order delivered once every seller's are, the vendor ledger, cash on delivery collected); out for
 *    delivery and a failed attempt e-mail the customer (a timeline entry for the failed attempt).
 */
export function createTrackParcel(deps: {
  db: Database;
  shipping: Pick<ShippingService, 'readWebhook' | 'receiveEvents'>;
  orders: Pick<OrderSteps, 'locked' | 'mail' | 'timeline'>;
  deliverOrder: Pick<DeliverOrder, 'byCourier'>;
}) {
  const { db, shipping, orders, deliverOrder } = deps;
  return {
    async webhook(
      providerName: string,
      rawBody: Buffer,
      header: (name: string) => string | undefined,
    ): Promise<'processed' | 'duplicate' | 'ignored'> {
      const push = shipping.readWebhook(providerName, rawBody, header);
      if (!push) return 'ignored';
      return db.transaction(async (tx) => {
        const receipt = await shipping.receiveEvents(tx, push);
        if (!receipt) return 'ignored';
        if (receipt.stored === 0) return 'duplicate';
        const { moved, shipment } = receipt;
        if (!moved) return 'processed';
        if (moved.status === 'delivered') {
          await deliverOrder.byCourier(tx, shipment.orderId, shipment.vendorId, moved.at);
        } else if (moved.status === 'out_for_delivery') {
          const order = await orders.locked(tx, shipment.orderId);
          await orders.mail.send(tx, order, 'parcel_out_for_delivery', {
            carrier: shipment.courierName,
            trackingNumber: shipment.awb,
            trackingUrl: shipment.trackingUrl,
            ...(shipment.codAmountPaise ? { codPaise: shipment.codAmountPaise } : {}),
          });
        } else if (moved.status === 'failed_attempt') {
          const order = await orders.locked(tx, shipment.orderId);
          await orders.timeline.add(
            tx,
            {
              orderId: order.id,
              kind: 'delivery_failed',
              message: `${shipment.courierName} could not deliver the parcel (AWB ${shipment.awb}): ${moved.detail}.`,
              actorRole: 'system',
              actorUserId: null,
            },
            { vendorId: shipment.vendorId },
          );
          await orders.mail.send(tx, order, 'parcel_delivery_failed', {
            carrier: shipment.courierName,
            trackingNumber: shipment.awb,
            reason: moved.detail,
          });
        }
        return 'processed';
      });
    },
  };
}

export type TrackParcel = ReturnType<typeof createTrackParcel>;
