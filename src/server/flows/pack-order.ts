import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { needsSerials, type PackOrder } from '~/shared/schemas/serials';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditService } from '../modules/audit/audit.service';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { OrderSteps } from '../modules/orders/order-steps';
import type { VendorOrders } from '../modules/orders/orders.vendor.service';

/**
 * The flow `pack-order` (decision 67): the vendor packed its items of an order (the packing slip is
 * printed with them), in one transaction over the fulfilment (the packing) and the orders (the
 * timeline): the order moves from its "to pack" list to "to ship". Each unit is packed with its serial number
 * where its category needs one (decision 72). Packing again changes nothing.
 */
export function createPackOrder(deps: {
  db: Database;
  orders: OrderSteps;
  fulfilment: Pick<FulfilmentService, 'shipments' | 'pack' | 'recordSerials'>;
  vendorOrders: Pick<VendorOrders, 'ownVendorOrder' | 'vendorView'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, orders, fulfilment, vendorOrders, audit } = deps;
  return {
    async byVendor(
      vendorId: string,
      userId: string,
      orderId: string,
      input: PackOrder = { lines: [] },
      now = new Date(),
    ): Promise<VendorOrder> {
      await vendorOrders.ownVendorOrder(vendorId, orderId);
      await db.transaction(async (tx) => {
        const order = await orders.locked(tx, orderId);
        if (!['placed', 'processing', 'partly_shipped', 'partly_delivered'].includes(order.status)) {
          throw new AppError(
            'CONFLICT',
            `An order that is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()} is not packed.`,
          );
        }
        if ((await fulfilment.shipments(tx, orderId)).some((s) => s.vendorId === vendorId)) {
          throw new AppError('CONFLICT', 'Your items of this order have been shipped already.');
        }
        const mine = (await orders.items(tx, orderId)).filter((i) => i.vendorId === vendorId);
        if (mine.every((i) => i.cancelledQuantity >= i.quantity)) {
          throw new AppError('CONFLICT', 'All your items of this order were cancelled: there is nothing to pack.');
        }
        // Packing again changes nothing: the first time stands, on the timeline as in the audit log.
        if (!(await fulfilment.pack(tx, { orderId, vendorId, userId, at: now }))) return;
        await fulfilment.recordSerials(tx, {
          orderId,
          vendorId,
          given: input.lines,
          at: now,
          lines: mine
            .filter((i) => i.quantity > i.cancelledQuantity)
            .map((i) => ({
              itemId: i.id,
              name: i.name,
              variantKey: i.variantId ?? i.productId,
              units: i.quantity - i.cancelledQuantity,
              needsSerials: needsSerials(i.category),
            })),
        });
        const sellerName = mine[0]!.sellerName;
        // On the customer's (and the admin's) timeline too; the audit entry below is the step's one entry (decision 54).
        await orders.event(tx, {
          orderId,
          kind: 'packed',
          message: `${sellerName} packed your items: they are ready for the courier.`,
          actorRole: 'vendor',
          actorUserId: userId,
        });
        await audit.record(tx, {
          action: 'order.pack',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `${sellerName} packed its items of order ${order.orderNumber}`,
          after: { packedAt: now },
        });
      });
      return vendorOrders.vendorView(vendorId, orderId);
    },
  };
}
