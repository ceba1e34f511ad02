import type { BuyCourier, CourierShipment } from '~/shared/schemas/shipping';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database } from '../db/client';
import type { EwayBillsService } from '../modules/ewaybills/ewaybills.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ShippingService } from '../modules/shipping/shipping.service';
import type { createShipOrder } from './ship-order';

/**
 * The flow `ship-by-courier` (decision 78): the seller buys a courier for its parcel of an order in one step.
 * 1. A fresh quote for the parcel as packed, and the chosen courier's rate in it.
 * 2. The e-way bill rule (decision 75): a parcel that needs one is refused before any AWB is bought.
 * 3. The provider books it: the AWB.
 * 4. One transaction: the flow `ship-order` (the shipment with the courier and AWB, the order's status,
 *    timeline and e-mail, the e-way bill checked again under the order's lock) and the courier booking's
 *    record with its charge, and in the vendor ledger the charge as a deduction and, for cash on delivery, the
 *    hold of the seller's lines until the courier remits the cash (decision 81). When that transaction fails,
 *    the AWB is cancelled with the provider.
 */
export function createShipByCourier(deps: {
  db: Database;
  shipping: Pick<ShippingService, 'prepare' | 'book' | 'release' | 'record' | 'shipments'>;
  shipOrder: Pick<ReturnType<typeof createShipOrder>, 'byVendor'>;
  ewayBills?: Pick<EwayBillsService, 'checkReadyToShip'>;
  payouts?: Pick<PayoutsService, 'recordCourierShipment'>;
}) {
  const { db, shipping, shipOrder, ewayBills, payouts } = deps;
  return {
    async byVendor(
      vendorId: string,
      userId: string,
      orderId: string,
      input: BuyCourier,
    ): Promise<{ order: VendorOrder; shipment: CourierShipment }> {
      const prepared = await shipping.prepare(vendorId, orderId, input.courierId);
      await ewayBills?.checkReadyToShip(db, orderId, vendorId);
      const booked = await shipping.book(prepared);
      let order: VendorOrder;
      try {
        order = await shipOrder.byVendor(
          vendorId,
          userId,
          orderId,
          { carrier: booked.courierName || prepared.rate.courierName, trackingNumber: booked.awb, trackingUrl: booked.trackingUrl },
          async (tx) => {
            await shipping.record(tx, prepared, booked, userId);
            await payouts?.recordCourierShipment(tx, {
              vendorId,
              orderId,
              courierShipmentId: prepared.request.reference,
              courierName: booked.courierName || prepared.rate.courierName,
              awb: booked.awb,
              chargePaise: prepared.rate.chargePaise,
              cashOnDelivery: prepared.request.codAmountPaise !== null,
              at: new Date(),
            });
          },
        );
      } catch (error) {
        await shipping.release(booked);
        throw error;
      }
      const [shipment] = await shipping.shipments(vendorId, [orderId]);
      return { order, shipment: shipment! };
    },
  };
}
