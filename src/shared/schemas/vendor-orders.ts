/** The seller centre's share of orders: its lines of each order, what waits for it, its cancellations. */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../orders';
import { pageQueryFields, paginatedSchema, sortQuerySchema } from './common';
import { returnPhotoSchema } from './return-photos';
import { orderBusinessSchema } from './business';
import { packedUnitSchema, serialHoldSchema } from './serials';
import { addressSnapshotSchema, paymentStatusSchema, RETURN_CONDITIONS, SHIPMENT_STATUSES } from './orders';

export const VENDOR_ORDER_SORTS = ['orderDate', 'amount'] as const;

/** What waits for the vendor in an order: its items to pack, packed items to ship, late ones, a return to receive. */
export const VENDOR_ORDER_TODOS = ['pack', 'ship', 'late', 'return'] as const;
export type VendorOrderTodo = (typeof VENDOR_ORDER_TODOS)[number];
export const VENDOR_ORDER_TODO_LABELS: Record<VendorOrderTodo, string> = {
  pack: 'To pack',
  ship: 'Packed, to ship',
  late: 'Late to ship',
  return: 'Return to receive',
};

/**
 * GET /api/vendor/orders: confirmed orders (paid, or placed with cash on delivery) that hold at least
 * one of the signed-in vendor's products, with that vendor's lines only.
 */
export const vendorOrdersQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  /** An order number, or part of it. */
  q: z.string().trim().max(40, 'Search text must be at most 40 characters').optional(),
  todo: z.enum(VENDOR_ORDER_TODOS, { error: `To do must be one of ${VENDOR_ORDER_TODOS.join(', ')}` }).optional(),
  /** Orders whose items came back to the vendor and were found resellable (back in stock) or damaged (written off). */
  returned: z.enum(RETURN_CONDITIONS, { error: `Returned must be one of ${RETURN_CONDITIONS.join(', ')}` }).optional(),
  /** Orders whose parcel needs an e-way bill before it ships and has no valid one yet (decision 75). */
  ewayBill: z.enum(['needed'], { error: 'E-way bill must be needed' }).optional(),
  sort: sortQuerySchema(VENDOR_ORDER_SORTS, '-orderDate'),
});
export type VendorOrdersQuery = z.output<typeof vendorOrdersQuerySchema>;

/** One of the vendor's lines of an order. */
const vendorOrderLineSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Units of the line the seller cancelled before shipping (refunded, back in stock). */
  cancelledQuantity: z.number().int(),
  lineTotalPaise: z.number().int(),
  /**
   * The line's share of the customer's shop coupon, for all its units as ordered (0 without one):
   * cancelling units gives the customer back their price less their part of it (`lineRefundPaise`).
   */
  couponSharePaise: z.number().int(),
  /** Whether the line is packed only with each unit's serial (decision 72). */
  needsSerials: z.boolean().optional(),
  /** How many of the line's units were packed with their serials (a return asks for as many). */
  serialsPacked: z.number().int().optional(),
});

/** The vendor's shipment of an order: courier, tracking number and where it is. */
const vendorShipmentSchema = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  /** Once the items came back: back in stock or written off (null before). */
  returnCondition: z.enum(RETURN_CONDITIONS).nullable(),
});

export const vendorOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Where it goes: enough to plan the pickup, not the customer's whole address. */
  shipTo: z.object({ name: z.string(), city: z.string(), state: z.string(), pinCode: z.string() }),
  lines: z.array(vendorOrderLineSchema),
  itemCount: z.number().int(),
  /** The vendor's lines after their share of a coupon discount, GST included. */
  amountPaise: z.number().int(),
  /**
   * What the customer's coupon took off the vendor's lines (units not cancelled), 0 when nothing:
   * the lines' value at their price less this is `amountPaise`, to the paisa. The seller bears it
   * (decision 15: the ledger's sale is the amount after it).
   */
  couponSharePaise: z.number().int(),
  /** The coupon's code when it took something off the vendor's lines; null otherwise. */
  couponCode: z.string().nullable(),
  /** When the vendor packed its items (and printed the packing slip); null until then. */
  packedAt: z.string().nullable(),
  shipment: vendorShipmentSchema.nullable(),
  /** Why the customer asked to return the order (with their words), once they did. */
  returnReason: z.string().nullable(),
  /** The photos the customer sent with the return request, oldest first. */
  returnPhotos: z.array(returnPhotoSchema),
  /** The customer deleted their account and the photos they sent with the return were removed then (decision 55). */
  returnPhotosRemoved: z.boolean(),
  /** The parcel's value needs an e-way bill before it ships and it has no valid one yet (decision 75). */
  needsEwayBill: z.boolean(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

/** What happened to an order as it concerns one seller: its own steps and the order's, never another seller's. */
export const VENDOR_TIMELINE_KINDS = [
  'placed',
  'paid',
  'packed',
  'credit_note',
  'shipped',
  'delivered',
  'return_requested',
  'return_received',
  'refunded',
  'cancelled',
] as const;

/**
 * GET /api/vendor/orders/{id}: one of the vendor's orders on its own page: the list's view, with
 * where it goes in full (the courier's label needs the mobile), how it is paid, the shipment's
 * dates and the order's timeline as it concerns this seller. Only the vendor's own lines and money.
 */
export const vendorOrderDetailSchema = vendorOrderSchema.extend({
  lines: z.array(
    vendorOrderLineSchema.extend({
      brand: z.string(),
      hsnCode: z.string(),
      unitPricePaise: z.number().int(),
      /** Each packed unit's serial, and the one that came back with a return. */
      units: z.array(packedUnitSchema).optional(),
    }),
  ),
  /** The vendor's returned items whose serials did not match: the refund waits for an admin (decision 72). */
  serialHold: serialHoldSchema.nullable().optional(),
  /** The delivery address as the customer gave it at checkout, mobile included (+91…). */
  deliverTo: addressSnapshotSchema,
  /** The business the order was bought for (decision 71): the seller's invoice is then B2B, to this GSTIN. */
  business: orderBusinessSchema.nullable(),
  /** How the order is paid: the method, and where its payment stands (cash on delivery: collected or not). */
  payment: z.object({ method: z.enum(PAYMENT_METHODS), status: paymentStatusSchema }),
  shipment: vendorShipmentSchema
    .extend({ trackingUrl: z.string().nullable(), shippedAt: z.string(), deliveredAt: z.string().nullable() })
    .nullable(),
  /** Oldest first. */
  timeline: z.array(z.object({ kind: z.enum(VENDOR_TIMELINE_KINDS), at: z.string(), message: z.string() })),
});
export type VendorOrderDetail = z.infer<typeof vendorOrderDetailSchema>;
export const vendorOrderDetailResponseSchema = z.object({ order: vendorOrderDetailSchema });

export const vendorOrdersResponseSchema = paginatedSchema(vendorOrderSchema);
export const vendorOrderResponseSchema = z.object({ order: vendorOrderSchema });
export type VendorOrdersResponse = z.infer<typeof vendorOrdersResponseSchema>;

/** POST /api/vendor/orders/{id}/cancel-lines: some of the vendor's lines, before they ship. */
export const cancelLinesSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        itemId: z.string().min(1).max(64),
        quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Cancel at least 1'),
      }),
    )
    .min(1, 'Choose at least one item to cancel')
    .max(50),
  reason: z
    .string({ error: 'Say why the items are cancelled' })
    .trim()
    .min(5, 'Say why the items are cancelled (at least 5 characters)')
    .max(300, 'The reason must be at most 300 characters'),
});
export type CancelLines = z.output<typeof cancelLinesSchema>;
