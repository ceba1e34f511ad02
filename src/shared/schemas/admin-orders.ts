/** The back office's orders: the list, the seller filter, what an admin may do to an order, and its steps. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders';
import { bankReferenceSchema, fullBankAccountSchema } from './bank-account';
import { MAX_ORDER_LINE_QUANTITY } from './cart';
import { indianStateSchema, pageQueryFields, paginatedSchema, sortQuerySchema } from './common';
import {
  SHIPMENT_STATUSES,
  orderDetailSchema,
  orderStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  shipOrderSchema,
} from './orders';

export const ADMIN_ORDER_SORTS = ['orderDate', 'total', 'orderNumber'] as const;

/** Prepaid (card, UPI, net banking, EMI) or cash on delivery. */
export const ADMIN_PAYMENT_KINDS = ['prepaid', 'cod'] as const;
export const ADMIN_PAYMENT_KIND_LABELS: Record<(typeof ADMIN_PAYMENT_KINDS)[number], string> = {
  prepaid: 'Prepaid',
  cod: 'Cash on delivery',
};

/**
 * GET /api/admin/orders: every order of every vendor, newest first unless sorted otherwise. Dates are
 * days in India; `late` keeps confirmed orders a seller has not shipped two days after they were placed.
 */
export const adminOrdersQuerySchema = z.strictObject({
  ...pageQueryFields,
  /** An order number (or part of it), a customer's name or e-mail, or a tracking (AWB) number. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  payment: z.enum(ADMIN_PAYMENT_KINDS, { error: 'Payment must be prepaid or cod' }).optional(),
  vendorId: z.string().trim().min(1).max(64).optional(),
  /** The state of the delivery address. */
  state: indianStateSchema.optional(),
  from: z.iso.date({ error: 'From must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'To must be a date (YYYY-MM-DD)' }).optional(),
  late: z.stringbool({ error: 'Late must be true or false' }).optional(),
  sort: sortQuerySchema(ADMIN_ORDER_SORTS, '-orderDate'),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  shipTo: z.object({ city: z.string(), state: z.string(), pinCode: z.string() }),
  totalPaise: z.number().int(),
  itemCount: z.number().int(),
  sellers: z.array(z.string()),
  trackingNumbers: z.array(z.string()),
  /** Confirmed, and a seller has not shipped two days after the order was placed. */
  late: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
/** `total` is counted up to 1,000: `totalCapped` when more orders match ("1,000+"). */
export const adminOrdersResponseSchema = paginatedSchema(adminOrderSummarySchema).extend({ totalCapped: z.boolean() });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** GET /api/admin/order-sellers: every seller, for the orders list's seller filter. */
export const adminOrderSellersResponseSchema = z.object({ sellers: z.array(z.object({ id: z.string(), name: z.string() })) });
export type AdminOrderSellers = z.infer<typeof adminOrderSellersResponseSchema>;

/** What the admin may do to an order now, and for each line how much can still be cancelled or refunded. */
export const adminOrderControlsSchema = z.object({
  customerId: z.string(),
  late: z.boolean(),
  sellers: z.array(
    z.object({
      vendorId: z.string(),
      name: z.string(),
      /** Its items' shipment status, or null before they ship. */
      shipment: z.enum(SHIPMENT_STATUSES).nullable(),
      /** Whether it has items left to ship (not all cancelled). */
      hasOpenItems: z.boolean(),
    }),
  ),
  lines: z.array(
    z.object({
      itemId: z.string(),
      vendorId: z.string(),
      /** Units not shipped and not cancelled: these can be cancelled. */
      cancellable: z.number().int(),
      /** Units paid for and not credited yet: these can be refunded. */
      refundable: z.number().int(),
    }),
  ),
  can: z.object({
    ship: z.boolean(),
    deliver: z.boolean(),
    receiveReturn: z.boolean(),
    refundReturn: z.boolean(),
    cancel: z.boolean(),
    cancelLines: z.boolean(),
    refundLines: z.boolean(),
  }),
  /**
   * The delivery charge "Refund items" may give back now: what was charged, while it is not refunded
   * yet and something of the order has shipped and was paid for; 0 otherwise.
   */
  refundableDeliveryPaise: z.number().int(),
  /**
   * Whether the refundable units are every unit of the order not refunded or cancelled yet: refunding
   * them all (with the delivery charge, if any is left) refunds the whole order.
   */
  refundsCoverOrder: z.boolean(),
  /** Cash on delivery already collected: a refund is a bank transfer the admin records with its reference. */
  refundByBankTransfer: z.boolean(),
  /** The bank account the customer gave for that transfer, whole (the admin makes the transfer); null when none yet. */
  refundAccount: fullBankAccountSchema.nullable(),
  /** Whether the admin may record (or change) that account now: a cash-on-delivery return not yet refunded in full. */
  canRecordRefundAccount: z.boolean(),
});
export type AdminOrderControls = z.infer<typeof adminOrderControlsSchema>;
export const adminOrderResponseSchema = z.object({ order: orderDetailSchema, controls: adminOrderControlsSchema });
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

const adminLineListSchema = (verb: string) =>
  z
    .array(
      z.strictObject({
        itemId: z.string().min(1).max(64),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, `${verb} at least 1`)
          .max(MAX_ORDER_LINE_QUANTITY, `${verb} at most ${MAX_ORDER_LINE_QUANTITY}`),
      }),
    )
    .max(50);
const adminLinesSchema = (verb: string) => adminLineListSchema(verb).min(1, `Choose at least one item to ${verb.toLowerCase()}`);

const adminReasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(5, 'Give a reason (at least 5 characters)')
  .max(300, 'The reason must be at most 300 characters');

/** POST /api/admin/orders/{id}/cancel: the whole order (no lines), or the chosen lines, before they ship. */
export const adminCancelOrderSchema = z.strictObject({
  reason: adminReasonSchema,
  lines: adminLinesSchema('Cancel').optional(),
});
export type AdminCancelOrder = z.output<typeof adminCancelOrderSchema>;

/**
 * POST /api/admin/orders/{id}/refund-lines: money back for some units, through the provider for a
 * prepaid order, or as a bank transfer (with its reference) for cash on delivery already collected.
 */

/**
 * Chosen units (none, when only the delivery charge goes back) and, with `includeDelivery`, the
 * delivery charge the customer paid: at least one of the two.
 */
export const adminRefundLinesSchema = z
  .strictObject({
    lines: adminLineListSchema('Refund').default([]),
    includeDelivery: z.boolean({ error: 'Say whether the delivery charge is refunded (true or false)' }).optional(),
    reason: adminReasonSchema,
    bankReference: bankReferenceSchema.optional(),
  })
  .refine((body) => body.lines.length > 0 || body.includeDelivery === true, {
    path: ['lines'],
    message: 'Choose at least one item or the delivery charge to refund',
  });
export type AdminRefundLines = z.output<typeof adminRefundLinesSchema>;

/**
 * POST /api/admin/orders/{id}/refund: a returned order refunded in full. Cash on delivery is paid
 * back by the shop's bank transfer, recorded with its reference; an online payment needs no body.
 */
export const adminRefundReturnSchema = z.strictObject({ bankReference: bankReferenceSchema.optional() });
export type AdminRefundReturn = z.output<typeof adminRefundReturnSchema>;

/** POST /api/admin/orders/{id}/ship: one seller's items (the seller may be left out when only one is waiting). */
export const adminShipOrderSchema = shipOrderSchema.extend({ vendorId: z.string().max(64).optional() });
