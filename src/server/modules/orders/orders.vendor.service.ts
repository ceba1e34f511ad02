import type { OrderStatus, PaymentMethod } from '~/shared/orders';
import { needsSerials } from '~/shared/schemas/serials';
import type { ShipmentStatus, ReturnCondition } from '~/shared/schemas/orders';
import type { CancelLines, VendorOrder, VendorOrderDetail, VendorOrdersQuery, VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PaymentsService } from '../payments/payments.service';
import { lockedOrder } from './order-rules';
import { REMOVED_ON_ERASURE } from './order-timeline';
import { toReturnPhoto, type ReturnReads } from './order-views';
import * as repo from './orders.repo';
import { cashToCollect, renderPackingSlipPdf } from '../documents/packing-slip-pdf';
import { vendorOrderPage } from './vendor-order-page';

const VENDOR_ORDER_NOT_FOUND = 'We could not find this order among your orders.';

/** What the vendor's side of the orders is handed (by the orders' service). */
export interface VendorOrdersDeps {
  db: Database;
  payments: Pick<PaymentsService, 'of' | 'refundsOf'>;
  /** The credit notes and return photos (published by the returns module). */
  returns: Pick<ReturnReads, 'creditNotesOf' | 'photosForVendor'>;
  /** What the e-way bills module publishes to the seller's orders (decision 75); none: no parcel needs one. */
  ewayBills?: EwayBillReadsForOrders;
}

/** The e-way bills' reads the seller's orders use: which parcels still need one, and a parcel's live bill. */
export interface EwayBillReadsForOrders {
  neededOrderIds(vendorId: string): Promise<string[]>;
  needingOf(vendorId: string, orderIds: readonly string[]): Promise<Set<string>>;
  activeOf(vendorId: string, orderId: string): Promise<{ ewbNo: string; validUntil: Date } | null>;
}

/**
 * The orders as a seller sees them: its own lines and shipment, its packing slip, and what the flows of
 * its steps (packing, shipping, delivery, cancelling its lines, its returns) check and answer with. `vendorId` always comes from the session.
 */
export function createVendorOrders(deps: VendorOrdersDeps) {
  const { db, payments, returns, ewayBills } = deps;

  /** Orders as a vendor sees them: its own lines and shipment, where they go, its share of the money. */
  async function vendorViews(vendorId: string, rows: repo.VendorOrderRow[]): Promise<VendorOrder[]> {
    const ids = rows.map((r) => r.order.id);
    const returning = rows.filter((r) => r.order.returnRequestedAt).map((r) => r.order.id);
    const [parts, photos, photosRemoved, needingEwayBill] = await Promise.all([
      repo.vendorPartsOf(db, vendorId, ids),
      returns.photosForVendor(db, vendorId, returning),
      repo.ordersWithEvent(db, returning, REMOVED_ON_ERASURE.returnPhotos),
      ewayBills ? ewayBills.needingOf(vendorId, ids) : new Set<string>(),
    ]);
    return rows.map(({ order, amountPaise, couponSharePaise }) => {
      const lines = parts.items.filter((i) => i.orderId === order.id);
      const shipment = parts.shipments.find((s) => s.orderId === order.id);
      const packing = parts.packings.find((p) => p.orderId === order.id);
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        orderDate: order.orderDate.toISOString(),
        status: order.status as OrderStatus,
        paymentMethod: order.paymentMethod as PaymentMethod,
        shipTo: { name: order.address.fullName, city: order.address.city, state: order.address.state, pinCode: order.address.pinCode },
        lines: lines.map((l) => ({
          itemId: l.id,
          productId: l.productId,
          name: l.name,
          quantity: l.quantity,
          cancelledQuantity: l.cancelledQuantity,
          lineTotalPaise: l.lineTotalPaise,
          couponSharePaise: l.discountPaise,
          needsSerials: needsSerials(l.category),
          serialsPacked: parts.units.filter((u) => u.orderItemId === l.id).length,
        })),
        itemCount: lines.reduce((n, l) => n + l.quantity - l.cancelledQuantity, 0),
        amountPaise,
        couponSharePaise,
        // The code only where it took something off this vendor's lines.
        couponCode: couponSharePaise > 0 ? order.couponCode : null,
        packedAt: packing ? packing.packedAt.toISOString() : null,
        shipment: shipment
          ? {
              carrier: shipment.carrier,
              trackingNumber: shipment.trackingNumber,
              status: shipment.status as ShipmentStatus,
              returnCondition: shipment.returnCondition as ReturnCondition | null,
            }
          : null,
        returnReason: order.returnReason,
        returnPhotos: photos.filter((p) => p.orderId === order.id).map(toReturnPhoto),
        returnPhotosRemoved: photosRemoved.has(order.id),
        needsEwayBill: needingEwayBill.has(order.id),
      };
    });
  }

  /** One of the vendor's confirmed orders, or NOT_FOUND (another vendor's, unpaid, or none). */
  async function ownVendorOrder(vendorId: string, orderId: string) {
    const found = await repo.findVendorOrder(db, vendorId, orderId);
    if (!found) throw new AppError('NOT_FOUND', VENDOR_ORDER_NOT_FOUND);
    return found;
  }

  async function vendorView(vendorId: string, orderId: string): Promise<VendorOrder> {
    const [view] = await vendorViews(vendorId, [await ownVendorOrder(vendorId, orderId)]);
    return view!;
  }

  return {
    /**
     * A vendor's share of confirmed orders: only orders holding its products, only its own lines and
     * shipment. `vendorId` comes from the vendor's session, never from the request.
     */
    async vendorOrders(vendorId: string, query: VendorOrdersQuery): Promise<VendorOrdersResponse> {
      const onlyIds = query.ewayBill === 'needed' ? ((await ewayBills?.neededOrderIds(vendorId)) ?? []) : undefined;
      const { rows, total } = await repo.listVendorOrders(db, vendorId, query, onlyIds);
      return { items: await vendorViews(vendorId, rows), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * One of the vendor's confirmed orders on its own page: its lines, where it goes (the whole address
     * and mobile), payment, shipment and the timeline as it concerns this seller. NOT_FOUND for an
     * order without the vendor's products, not confirmed yet, or none.
     */
    async vendorOrder(vendorId: string, orderId: string): Promise<VendorOrderDetail> {
      const row = await ownVendorOrder(vendorId, orderId);
      const [view] = await vendorViews(vendorId, [row]);
      return vendorOrderPage({ db, payments, returns }, vendorId, row, view!);
    },

    /** The vendor's views of orders it holds lines of, by id, in the order given (the dashboard's recent orders). */
    vendorOrdersByIds: async (vendorId: string, ids: readonly string[]): Promise<VendorOrder[]> =>
      vendorViews(vendorId, await repo.vendorOrdersByIds(db, vendorId, ids)),

    /**
     * The order locked for the vendor's cancellation of some of its lines before shipping them, with the
     * vendor's own lines, once the rules allow it (the flow `cancel-order-lines` cancels them).
     */
    async checkCancelLines(tx: Executor, vendorId: string, orderId: string, input: CancelLines) {
      const order = await lockedOrder(tx, orderId);
      if (!['placed', 'processing', 'partly_shipped', 'partly_delivered'].includes(order.status)) {
        throw new AppError('CONFLICT', `Items of an order that is ${order.status.replace('_', ' ')} cannot be cancelled.`);
      }
      if ((await repo.shipmentsOf(tx, orderId)).some((s) => s.vendorId === vendorId)) {
        throw new AppError('CONFLICT', 'Your items of this order have shipped: the customer can return them, they cannot be cancelled.');
      }
      const items = await repo.itemsOf(tx, [orderId]);
      const mine = items.filter((i) => i.vendorId === vendorId);
      if (input.lines.some((l) => !mine.some((i) => i.id === l.itemId))) {
        throw new AppError('VALIDATION', 'Choose lines of your own items in this order.', { fields: { lines: 'Choose your own lines' } });
      }
      return { order, mine };
    },

    /** One of the vendor's confirmed orders, or NOT_FOUND: what a flow checks before the vendor's step. */
    ownVendorOrder,

    /** The vendor's view of one of its orders, after a step (a flow's). */
    vendorView,

    /**
     * The packing slip of the vendor's items of an order, as a PDF: no prices of items, and what the
     * courier collects: the cash still due when this parcel completes a cash-on-delivery order, the
     * whole order's amount (collected once) and this seller's share while others' parcels are on their
     * way, nothing when prepaid or collected already (see `cashToCollect`).
     */
    async packingSlipForVendor(vendorId: string, orderId: string): Promise<{ pdf: Buffer; orderNumber: string }> {
      const found = await ownVendorOrder(vendorId, orderId);
      const order = found.order;
      const [items, shipmentRows, units] = await Promise.all([
        repo.itemsOf(db, [orderId]),
        repo.shipmentsOf(db, orderId),
        repo.unitsOf(db, orderId),
      ]);
      const openItems = items.filter((i) => i.quantity > i.cancelledQuantity);
      const open = openItems.filter((i) => i.vendorId === vendorId);
      if (open.length === 0) throw new AppError('CONFLICT', 'All your items of this order were cancelled: there is nothing to pack.');
      // Sellers with items left whose parcel has not reached the customer: cash is collected with the last one.
      const delivered = new Set(shipmentRows.filter((r) => r.status !== 'shipped').map((r) => r.vendorId));
      const otherSellers = new Set(openItems.map((i) => i.vendorId).filter((v) => v !== vendorId && !delivered.has(v)));
      const cash = order.paymentMethod === 'cod' ? await payments.of(db, orderId) : null;
      const ewayBill = ewayBills ? await ewayBills.activeOf(vendorId, orderId) : null;
      const pdf = await renderPackingSlipPdf({
        orderNumber: order.orderNumber,
        orderDate: order.orderDate,
        sellerName: open[0]!.sellerName,
        shipTo: order.address,
        collect: cashToCollect({
          paymentMethod: order.paymentMethod,
          cash,
          otherSellersToDeliver: otherSellers.size,
          sellerSharePaise: found.amountPaise,
        }),
        lines: open.map((i) => ({
          name: i.name,
          brand: i.brand,
          hsnCode: i.hsnCode,
          quantity: i.quantity - i.cancelledQuantity,
          serials: units.filter((u) => u.orderItemId === i.id).map((u) => u.serial),
        })),
        ...(ewayBill ? { ewayBill } : {}),
      });
      return { pdf, orderNumber: order.orderNumber };
    },
  };
}

export type VendorOrders = ReturnType<typeof createVendorOrders>;
