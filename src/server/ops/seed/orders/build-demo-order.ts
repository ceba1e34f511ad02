import { randomInt } from 'node:crypto';
import { configurationName } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { deliveryWindow, deliveryZone } from '~/shared/delivery';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, refundTime } from '~/shared/orders';
import { orderTotalsOf, priceOrder, type CouponRule } from '~/shared/pricing';
import { newId } from '../../../lib/ids';
import { demoSerial } from './demo-serials';
import type { packedUnits, packings, shipments } from '../../../db/schema/fulfilment';
import type { orderEvents, orderItems, orders } from '../../../db/schema/orders';
import type { creditNotes } from '../../../db/schema/returns';
import type { payments, refunds } from '../../../db/schema/payments';
import type { OrderPlan } from './demo-order-plans';

/** A product of the seeded catalogue with what an order line snapshots of it and its seller. */
export interface CatalogueProduct {
  id: string;
  name: string;
  brand: string;
  category: Category;
  hsnCode: string;
  pricePaise: number;
  mrpPaise: number;
  vendorId: string;
  sellerName: string;
  sellerState: string;
  sellerGstin: string | null;
  imageId: string | null;
  /** The options of the product's own configuration, which the demo orders buy ({} for a product of one). */
  variantOptions: Record<string, string>;
  /** The product's option keys in the picker's order, which name the line's configuration. */
  optionKeys: string[];
}

export interface DemoOrderRows {
  order: typeof orders.$inferInsert;
  items: (typeof orderItems.$inferInsert)[];
  payment: typeof payments.$inferInsert;
  events: (typeof orderEvents.$inferInsert)[];
  shipments: (typeof shipments.$inferInsert)[];
  refunds: (typeof refunds.$inferInsert)[];
  packings: (typeof packings.$inferInsert)[];
  /** Each packed unit's serial (decision 72). */
  packedUnits: (typeof packedUnits.$inferInsert)[];
  /** Numbered when the order has its number (from the database). */
  creditNotes: Omit<typeof creditNotes.$inferInsert, 'number'>[];
}

const HOUR_MS = 3600 * 1000;
const MINUTE_MS = 60 * 1000;
const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAYMENT_TIMEOUT_MINUTES = 30;

const alnum = (length: number) => Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');
const digits = (length: number) => Array.from({ length }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('');

const CARRIERS = [
  {
    name: 'Blue Dart',
    number: () => digits(11),
    url: (n: string) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${n}`,
  },
  { name: 'Delhivery', number: () => digits(13), url: (n: string) => `https://www.delhivery.com/track/package/${n}` },
  { name: 'DTDC', number: () => `D${digits(9)}`, url: (n: string) => `https://www.dtdc.in/tracking.asp?strCnno=${n}` },
] as const;
let carrierTurn = 0;

/** Whether the order got as far as a status (the stories walk placed → processing → shipped → delivered). */
function reached(plan: OrderPlan, step: 'processing' | 'shipped' | 'delivered'): boolean {
  const order = {
    placed: 0,
    processing: 1,
    shipped: 2,
    delivered: 3,
    return_requested: 3,
    refunded_after_return: 3,
    cancelled_by_customer: -1,
    payment_expired: -1,
  } as const;
  return order[plan.story] >= { processing: 1, shipped: 2, delivered: 3 }[step];
}

/**
 * The rows of one demo order, internally consistent: lines priced with priceOrder from the
 * products' prices and their sellers' states, the payment, one shipment per seller, refunds
 * and a timeline whose times follow the plan.
 */
export function buildDemoOrder(input: {
  plan: OrderPlan;
  products: { product: CatalogueProduct; quantity: number }[];
  userId: string;
  coupon: CouponRule | null;
  now: Date;
  sequence: number;
}): DemoOrderRows {
  const { plan, products, userId, coupon, now } = input;
  const at = (hoursAgo: number, plusMinutes = 0) => new Date(now.getTime() - hoursAgo * HOUR_MS + plusMinutes * MINUTE_MS);
  const delivery = plan.delivery ?? 'standard';
  const zone = deliveryZone(plan.address.pinCode);
  if (!zone) throw new Error(`The demo address PIN code ${plan.address.pinCode} is not valid`);

  const priced = priceOrder({
    lines: products.map(({ product, quantity }) => ({
      unitPricePaise: product.pricePaise,
      quantity,
      category: product.category,
      sellerState: product.sellerState,
    })),
    // The place of supply (decision 71): a business's GSTIN state, otherwise where it is delivered.
    deliveryState: plan.business?.billingAddress.state ?? plan.address.state,
    delivery,
    coupon,
  });
  const orderId = newId('ord');
  const online = plan.method !== 'cod';
  const how = PAYMENT_METHOD_LABELS[plan.method] + (plan.emiTenureMonths ? ` (${plan.emiTenureMonths} months)` : '');
  const total = formatPaise(priced.totalPaise);

  const placedAt = at(plan.placedHoursAgo);
  const shippedHoursAgo = plan.shippedHoursAgo ?? plan.placedHoursAgo - 20;
  const deliveredHoursAgo = plan.deliveredHoursAgo ?? shippedHoursAgo - 24 * (zone.minDays + 1);
  const deliveredAt = reached(plan, 'delivered') ? at(deliveredHoursAgo) : null;

  const items = products.map(({ product, quantity }, i) => ({
    id: newId('oit'),
    orderId,
    productId: product.id,
    // Bought as the product's own configuration from its seller's offer, both of the product's id (decision 70).
    variantId: product.id,
    offerId: product.id,
    vendorId: product.vendorId,
    name: configurationName(product.name, product.variantOptions, product.optionKeys),
    brand: product.brand,
    category: product.category,
    hsnCode: product.hsnCode,
    imageId: product.imageId,
    quantity,
    unitPricePaise: product.pricePaise,
    mrpPaise: product.mrpPaise,
    ...priced.lines[i]!,
    sellerName: product.sellerName,
    sellerState: product.sellerState,
    sellerGstin: product.sellerGstin,
    position: i,
    // The demo offers' usual manufacturer's warranty (decision 72).
    warrantyMonths: 12,
  }));

  const events: DemoOrderRows['events'] = [];
  const event = (createdAt: Date, kind: string, actorRole: string, message: string, actorUserId: string | null = null) =>
    events.push({ orderId, kind, actorRole, message, createdAt, actorUserId });

  const payment: DemoOrderRows['payment'] = {
    id: newId('pay'),
    orderId,
    provider: online ? 'test-gateway' : 'cod',
    method: plan.method,
    amountPaise: priced.totalPaise,
    status: 'created',
    createdAt: placedAt,
    updatedAt: placedAt,
  };
  const refundRows: DemoOrderRows['refunds'] = [];
  const refund = (createdAt: Date, reason: string) => {
    refundRows.push({
      id: newId('rfd'),
      paymentId: payment.id,
      orderId,
      providerRefundId: `rfnd_${alnum(14)}`,
      amountPaise: priced.totalPaise,
      status: 'processed',
      reason,
      createdAt,
    });
    Object.assign(payment, { status: 'refunded', amountRefundedPaise: priced.totalPaise, updatedAt: createdAt });
    event(
      new Date(createdAt.getTime() + MINUTE_MS),
      'refund',
      'payment',
      `Refund of ${total} issued to your ${PAYMENT_METHOD_LABELS[plan.method]}. Banks take ${refundTime(plan.method)} to show it.`,
    );
  };

  // A confirmed order that is cancelled or refunded whole gets one credit note against its invoice.
  const notes: DemoOrderRows['creditNotes'] = [];
  const creditAll = (createdAt: Date, reason: string) => {
    const lines = items.map((i) => ({
      itemId: i.id,
      name: i.name,
      hsnCode: i.hsnCode,
      quantity: i.quantity,
      gstRateBp: i.gstRateBp,
      taxablePaise: i.taxablePaise,
      cgstPaise: i.cgstPaise,
      sgstPaise: i.sgstPaise,
      igstPaise: i.igstPaise,
      amountPaise: i.lineTotalPaise - i.discountPaise,
    }));
    const taxablePaise = lines.reduce((n, l) => n + l.taxablePaise, 0);
    const gstPaise = lines.reduce((n, l) => n + l.cgstPaise + l.sgstPaise + l.igstPaise, 0);
    notes.push({
      id: newId('crn'),
      orderId,
      seq: 1,
      reason,
      lines,
      shippingPaise: priced.shippingPaise,
      taxablePaise,
      gstPaise,
      totalPaise: taxablePaise + gstPaise + priced.shippingPaise,
      createdAt,
    });
  };

  const order: DemoOrderRows['order'] = {
    id: orderId,
    userId,
    status:
      plan.story === 'refunded_after_return'
        ? 'refunded'
        : plan.story === 'cancelled_by_customer' || plan.story === 'payment_expired'
          ? 'cancelled'
          : plan.story,
    orderDate: placedAt,
    paymentMethod: plan.method,
    emiTenureMonths: plan.emiTenureMonths ?? null,
    deliveryOption: delivery,
    address: plan.address,
    business: plan.business ?? null,
    ...orderTotalsOf(priced),
    couponCode: coupon?.code ?? null,
    idempotencyKey: `seed-${input.sequence}`,
    requestHash: 'seed',
    ...deliveryWindow(zone, delivery, placedAt),
    paymentDueAt: null,
    deliveredAt,
  };

  // Placing and paying.
  if (online) {
    event(
      placedAt,
      'pending_payment',
      'customer',
      `Order placed. Waiting for payment by ${how}; the items are held for you for ${PAYMENT_TIMEOUT_MINUTES} minutes.`,
      userId,
    );
    if (plan.story === 'payment_expired') {
      const cancelledAt = at(plan.placedHoursAgo, PAYMENT_TIMEOUT_MINUTES);
      Object.assign(payment, { status: 'cancelled', updatedAt: cancelledAt });
      Object.assign(order, { cancelReason: 'Payment was not completed in time', cancelledAt });
      event(cancelledAt, 'cancelled', 'system', 'Cancelled: the payment was not completed in time. The items are back on sale.');
    } else {
      const capturedAt = at(plan.placedHoursAgo, 2);
      const providerPaymentId = `pay_${alnum(14)}`;
      Object.assign(payment, {
        status: 'captured',
        providerOrderId: `order_${alnum(14)}`,
        providerPaymentId,
        paidWith: plan.method,
        attempts: 1,
        capturedAt,
        updatedAt: capturedAt,
      });
      event(capturedAt, 'placed', 'payment', `Payment of ${total} received by ${how} (${providerPaymentId}). Order confirmed.`);
    }
  } else {
    event(placedAt, 'placed', 'customer', `Order placed. Pay ${total} in cash (or UPI) on delivery.`, userId);
  }

  if (plan.story === 'cancelled_by_customer') {
    const cancelledAt = at(plan.cancelledHoursAgo ?? plan.placedHoursAgo - 2);
    Object.assign(order, { cancelReason: plan.reason ?? 'Other', cancelledAt });
    event(cancelledAt, 'cancelled', 'customer', `Cancelled by you: ${plan.reason ?? 'Other'}.`, userId);
    creditAll(cancelledAt, `Order cancelled: ${plan.reason ?? 'Other'}`);
    if (payment.status === 'captured') refund(cancelledAt, 'Order cancelled');
    else Object.assign(payment, { status: 'cancelled', updatedAt: cancelledAt });
  }

  const sellers = [...new Map(products.map(({ product }) => [product.vendorId, product.sellerName])).entries()];
  // Each seller packs its items before the courier comes, as the seller centre's Mark packed writes it.
  if (reached(plan, 'processing')) {
    for (const [, name] of sellers) {
      event(at(plan.placedHoursAgo, 4 * 60), 'packed', 'vendor', `${name} packed your items: they are ready for the courier.`);
    }
  }

  // Sellers pack before they ship: an order being processed is packed and waits for the courier.
  const packingRows: DemoOrderRows['packings'] =
    reached(plan, 'processing') && !reached(plan, 'shipped')
      ? sellers.map(([vendorId]) => ({ orderId, vendorId, packedAt: at(plan.placedHoursAgo, 4 * 60) }))
      : [];

  const shipmentRows: DemoOrderRows['shipments'] = [];
  // A return the sellers received and checked, then refunded: a defective item is written off.
  const returnedAt = plan.story === 'refunded_after_return' ? at(plan.returnedHoursAgo ?? plan.placedHoursAgo - 24 * 7) : null;
  const returnRefundedAt = plan.story === 'refunded_after_return' ? at(plan.refundedHoursAgo ?? plan.placedHoursAgo - 24 * 8) : null;
  if (reached(plan, 'shipped')) {
    sellers.forEach(([vendorId, sellerName], i) => {
      const carrier = CARRIERS[carrierTurn++ % CARRIERS.length]!;
      const trackingNumber = carrier.number();
      const shippedAt = at(shippedHoursAgo, i * 40);
      const last = i === sellers.length - 1;
      shipmentRows.push({
        id: newId('shp'),
        orderId,
        vendorId,
        carrier: carrier.name,
        trackingNumber,
        trackingUrl: carrier.url(trackingNumber),
        status: returnedAt ? 'refunded' : deliveredAt ? 'delivered' : 'shipped',
        shippedAt,
        deliveredAt,
        ...(returnedAt && {
          returnReceivedAt: returnedAt,
          returnCondition: plan.reason === 'Damaged or defective on arrival' ? 'damaged' : 'resellable',
          refundedAt: returnRefundedAt,
        }),
      });
      const what = sellers.length === 1 ? 'the order' : 'their items';
      event(
        shippedAt,
        last ? 'shipped' : 'shipment',
        'vendor',
        `${sellerName} shipped ${what} with ${carrier.name}, tracking number ${trackingNumber}.`,
      );
    });
  }

  if (deliveredAt) {
    if (!online) Object.assign(payment, { status: 'captured', paidWith: 'cod', capturedAt: deliveredAt, updatedAt: deliveredAt });
    event(deliveredAt, 'delivered', 'system', online ? 'Delivered.' : `Delivered; ${total} collected in cash.`);
  }

  if (plan.story === 'return_requested' || plan.story === 'refunded_after_return') {
    const reason = plan.reason ?? 'No longer needed';
    const requestedAt = at(plan.returnRequestedHoursAgo ?? deliveredHoursAgo - 24);
    Object.assign(order, { returnReason: reason, returnRequestedAt: requestedAt });
    event(
      requestedAt,
      'return_requested',
      'customer',
      `Return requested: ${reason}. We will arrange a pickup within 2 working days.`,
      userId,
    );
    if (plan.story === 'refunded_after_return') {
      event(returnedAt!, 'returned', 'admin', 'The item was picked up and checked at our warehouse. Your refund is on its way.');
      const refundedAt = returnRefundedAt!;
      refund(refundedAt, `Returned: ${reason}`);
      creditAll(refundedAt, 'Order returned');
      event(refundedAt, 'refunded', 'admin', `Refund of ${total} approved for the returned item.`);
    }
  }

  // Every packed unit has its serial, as the seller centre's packing records it; a unit returned fit to sell is back in stock.
  const packedUnitRows: DemoOrderRows['packedUnits'] = reached(plan, 'processing')
    ? items.flatMap((item) =>
        Array.from({ length: item.quantity }, (_, u) => {
          const serial = demoSerial(item.brand);
          const returned = returnedAt !== null;
          const resellable = returned && plan.reason !== 'Damaged or defective on arrival';
          return {
            orderId,
            vendorId: item.vendorId,
            orderItemId: item.id,
            unit: u + 1,
            variantKey: item.variantId,
            serial,
            packedAt: at(plan.placedHoursAgo, 4 * 60),
            ...(returned && { returnedSerial: serial, returnedAt, ...(resellable && { releasedAt: returnedAt }) }),
          };
        }),
      )
    : [];

  events.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  order.updatedAt = events.at(-1)!.createdAt!;
  return {
    order,
    items,
    payment,
    events,
    shipments: shipmentRows,
    refunds: refundRows,
    packings: packingRows,
    packedUnits: packedUnitRows,
    creditNotes: notes,
  };
}
