import { sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { orderEvents, orderItems, orders } from '../schema/orders';

/**
 * Published by the orders module: an order's number, customer, status and money, for lists of other
 * modules (payments) and the reporting module's reports and dashboards (decision 66).
 * `awaiting_shipment`: confirmed and still waiting for couriers (`AWAITING_SHIPMENT` of `orders.repo.ts`);
 * `late_to_ship`: the orders list's "late" rule — waiting for couriers two days after it was placed
 * with a seller's open items not shipped (written as the orders module writes it in
 * `orders.admin.repo.ts`'s `LATE_ORDER`, so that PostgreSQL serves it by `orders_awaiting_date_idx`).
 */
export const orderDirectory = pgView('order_directory').as((qb) =>
  qb
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      orderDate: orders.orderDate,
      deliveryState: sql<string>`(${orders.address}->>'state')`.as('delivery_state'),
      shippingPaise: orders.shippingPaise,
      totalPaise: orders.totalPaise,
      returnReason: orders.returnReason,
      returnRequestedAt: orders.returnRequestedAt,
      awaitingShipment: sql<boolean>`(${orders.status} in ('placed', 'processing', 'partly_shipped', 'partly_delivered'))`.as(
        'awaiting_shipment',
      ),
      lateToShip: sql<boolean>`(${orders.status} in ('placed', 'processing', 'partly_shipped', 'partly_delivered')
  and ${orders.orderDate} < now() - interval '2 days'
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipment_directory ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id) offset 0))`.as(
        'late_to_ship',
      ),
      // Decision 71: the buyer's GSTIN (null for a consumer) and the place of supply: the GSTIN's state for a
      // business, the delivery state otherwise.
      buyerGstin: sql<string | null>`(${orders.business}->>'gstin')`.as('buyer_gstin'),
      buyerLegalName: sql<string | null>`(${orders.business}->>'legalName')`.as('buyer_legal_name'),
      placeOfSupply: sql<string>`coalesce(${orders.business}->'billingAddress'->>'state', ${orders.address}->>'state')`.as(
        'place_of_supply',
      ),
    })
    .from(orders),
);

/**
 * Published by the orders module: an order line as ordered — its product, seller, units (and those
 * cancelled since), its total before the coupon, its share of the coupon, and its GST — for the
 * payouts module to tell a seller what the coupon took off a ledger line (decision 49) and for the
 * reporting module's GST, returns and sales figures (decision 66), and the configuration it was bought as, for the
 * catalogue to keep a configuration an order names (decision 70).
 */
export const orderLineDirectory = pgView('order_line_directory').as((qb) =>
  qb
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      vendorId: orderItems.vendorId,
      quantity: orderItems.quantity,
      lineTotalPaise: orderItems.lineTotalPaise,
      discountPaise: orderItems.discountPaise,
      productId: orderItems.productId,
      position: orderItems.position,
      name: orderItems.name,
      category: orderItems.category,
      hsnCode: orderItems.hsnCode,
      sellerName: orderItems.sellerName,
      sellerState: orderItems.sellerState,
      cancelledQuantity: orderItems.cancelledQuantity,
      taxablePaise: orderItems.taxablePaise,
      gstRateBp: orderItems.gstRateBp,
      cgstPaise: orderItems.cgstPaise,
      sgstPaise: orderItems.sgstPaise,
      igstPaise: orderItems.igstPaise,
      variantId: orderItems.variantId,
    })
    .from(orderItems),
);

/**
 * Published by the orders module: the kinds of the steps of each order's timeline (not their messages
 * or who took them), for the reports to tell an order that was confirmed once (kind `placed`: paid, or
 * placed with cash on delivery) even if cancelled since.
 */
export const orderEventDirectory = pgView('order_event_directory').as((qb) =>
  qb
    .select({ id: orderEvents.id, orderId: orderEvents.orderId, kind: orderEvents.kind, createdAt: orderEvents.createdAt })
    .from(orderEvents),
);
