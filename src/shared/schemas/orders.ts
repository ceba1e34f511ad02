import { z } from 'zod';
import { lineSerialsSchema, packedUnitSchema, serialHoldSchema } from './serials';
import { EMI_TENURES } from '../emi';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, RETURN_REASONS } from '../orders';
import { DELIVERY_OPTIONS } from '../pricing';
import { bankAccountInputSchema, maskedBankAccountSchema } from './bank-account';
import { orderBusinessSchema } from './business';
import { MAX_CART_LINES, MAX_ORDER_LINE_QUANTITY } from './cart';
import { productImageSchema } from './catalogue';
import { paginatedSchema } from './common';
import { couponCodeSchema } from './coupons';
import { documentEInvoiceSchema } from './einvoices';
import { returnPhotoIdsSchema, returnPhotoSchema } from './return-photos';

/** A seller's parcel of an order: on its way, delivered, received back after a return, refunded. */
export const SHIPMENT_STATUSES = ['shipped', 'delivered', 'return_received', 'refunded'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  shipped: 'On its way',
  delivered: 'Delivered',
  return_received: 'Return received',
  refunded: 'Refunded',
};

/**
 * What the seller (or the shop) found when a returned item came back: fit to sell again, back into
 * stock; or damaged or faulty, written off (not put back on sale, where it would reach the next buyer).
 */
export const RETURN_CONDITIONS = ['resellable', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  resellable: 'Back in stock',
  damaged: 'Written off',
};

// ---------- requests ----------

/**
 * One line the customer wants. Only the product and the quantity count: anything else the client
 * sends (a price, a total, a discount) is dropped, because every price comes from the database.
 * Not strict on purpose: the cart in the browser keeps whole products (the seed's `cart` key), and a
 * client that posts its cart lines as they are must get its order, priced by the server.
 */
export const orderLineInputSchema = z.object({
  productId: z.string({ error: 'Choose a product' }).min(1, 'Choose a product').max(60),
  /** The seller's offer of the product to buy (decision 70); absent: the product's own offer, of the seller who listed it. */
  offerId: z.string({ error: 'Choose a seller' }).min(1, 'Choose a seller').max(60).optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_LINE_QUANTITY, `Quantity can be at most ${MAX_ORDER_LINE_QUANTITY}`),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const itemsSchema = z
  .array(orderLineInputSchema, { error: 'Add products to your cart first' })
  .min(1, 'Your cart is empty')
  .max(MAX_CART_LINES, `An order holds at most ${MAX_CART_LINES} different products`);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose how you will pay' });
export const deliveryOptionSchema = z.enum(DELIVERY_OPTIONS, { error: 'Choose standard or express delivery' });
export const emiTenureSchema = z.union(
  EMI_TENURES.map((m) => z.literal(m)),
  { error: `Choose an EMI tenure of ${EMI_TENURES.join(', ')} months` },
);

/**
 * What the checkout's review step shows: the order priced by the server, not yet placed. Not strict
 * for the reason of orderLineInputSchema: prices and totals a client adds are dropped, never trusted.
 */
export const quoteRequestSchema = z.object({
  items: itemsSchema,
  addressId: z.string().min(1).max(64).optional(),
  /** Buying for one of the customer's businesses (decision 71): the place of supply is its GSTIN's state. */
  businessId: z.string().min(1).max(64).optional(),
  delivery: deliveryOptionSchema.default('standard'),
  couponCode: couponCodeSchema.optional(),
  /** Paying a seller's answered quote (decision 77): its one line at the quoted quantity and unit price. */
  quoteId: z.string().min(1).max(64).optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/**
 * POST /api/coupons/for-cart: the cart the checkout's offers are judged on (its lines only; the
 * answer is `cartOffersResponseSchema` in schemas/coupons, which this file's schemas import from).
 */
export const cartOffersRequestSchema = z.strictObject({ items: itemsSchema });
export type CartOffersRequest = z.input<typeof cartOffersRequestSchema>;

/**
 * Places an order. Send it with an `Idempotency-Key` header: the same key returns the same order.
 * Not strict for the reason of orderLineInputSchema: a client's `totalPaise` or `discountPaise` is
 * dropped (and the API tests prove it), never an error and never trusted.
 */
export const placeOrderSchema = z
  .object({
    items: itemsSchema,
    addressId: z.string({ error: 'Choose a delivery address' }).min(1, 'Choose a delivery address').max(64),
    /** Buying for one of the customer's businesses (decision 71): a B2B tax invoice with its GSTIN. */
    businessId: z.string({ error: 'Choose a business' }).min(1, 'Choose a business').max(64).optional(),
    delivery: deliveryOptionSchema,
    paymentMethod: paymentMethodSchema,
    emiTenureMonths: emiTenureSchema.optional(),
    couponCode: couponCodeSchema.optional(),
    /** Paying a seller's answered quote (decision 77): its one line at the quoted quantity and unit price, used once. */
    quoteId: z.string().min(1).max(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod === 'emi' && v.emiTenureMonths === undefined) {
      ctx.addIssue({ code: 'custom', path: ['emiTenureMonths'], message: 'Choose an EMI tenure' });
    }
    if (v.paymentMethod !== 'emi' && v.emiTenureMonths !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['emiTenureMonths'], message: 'An EMI tenure goes only with EMI' });
    }
  });
export type PlaceOrderRequest = z.input<typeof placeOrderSchema>;
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ error: 'Send an Idempotency-Key header (8 to 100 letters, digits, - or _)' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _');

export const cancelOrderSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Tell us why you are cancelling').max(300, 'At most 300 characters'),
});
export const returnRequestSchema = z.strictObject({
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason for the return' }),
  details: z.string().trim().max(500, 'At most 500 characters').optional(),
  /** Photos uploaded first (POST …/return-photos), attached by id. */
  photoIds: returnPhotoIdsSchema.optional(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** POST …/orders/{id}/return-received (seller or admin): the items came back and were checked. */
/**
 * PUT /api/orders/{id}/refund-account: where the shop transfers the refund of a returned order paid
 * in cash on delivery. The same rules as a seller's payout account (the number typed twice).
 */
export const refundAccountSchema = bankAccountInputSchema;
export type RefundAccountInput = z.input<typeof refundAccountSchema>;
export type RefundAccount = z.output<typeof refundAccountSchema>;

export const receiveReturnSchema = z.strictObject({
  condition: z.enum(RETURN_CONDITIONS, { error: 'Say whether the returned items can be sold again (resellable) or not (damaged)' }),
  /** The serial of each returned unit, by line (decision 72): a serial shipped on no unit of its line holds the refund. */
  units: z.array(lineSerialsSchema).max(200).optional(),
});
export type ReceiveReturn = z.infer<typeof receiveReturnSchema>;

export const ordersQuerySchema = z.strictObject({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, 'At most 50 per page').default(10),
});

export const orderParamsSchema = z.strictObject({ orderId: z.string().min(1).max(64) });
export const creditNoteParamsSchema = z.strictObject({ orderId: z.string().min(1).max(64), number: z.string().min(1).max(64) });

/** Admin (and later the vendor) marking a shipment. */
export const shipOrderSchema = z.strictObject({
  carrier: z.string().trim().min(2, 'Enter the courier').max(60),
  trackingNumber: z.string().trim().min(1, 'Enter the tracking number').min(4, 'A tracking number has at least 4 characters').max(40),
  // Only a web address: the customer's order page and e-mail make it a link, so a `javascript:` or
  // `data:` one would run what a seller wrote in the customer's browser.
  trackingUrl: z
    .url({ protocol: /^https?$/, error: "Enter the courier's tracking link, starting with https:// or http://" })
    .max(300)
    .optional(),
});

// ---------- responses ----------

const gstSchema = {
  taxablePaise: z.number().int(),
  gstRateBp: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
};

export const orderTotalsSchema = z.object({
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  shippingPaise: z.number().int(),
  totalPaise: z.number().int(),
  gstPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const quoteLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  hsnCode: z.string(),
  image: productImageSchema.nullable(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  lineTotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  sellerName: z.string(),
  sellerState: z.string(),
  ...gstSchema,
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const deliveryChoiceSchema = z.object({
  option: deliveryOptionSchema,
  pricePaise: z.number().int(),
  /** yyyy-mm-dd, in India. */
  expectedFrom: z.string(),
  expectedBy: z.string(),
});
export type DeliveryChoice = z.infer<typeof deliveryChoiceSchema>;

export const emiPlanSchema = z.object({
  months: z.number().int(),
  annualRatePercent: z.number(),
  noCost: z.boolean(),
  monthlyPaise: z.number().int(),
  lastMonthlyPaise: z.number().int(),
  totalPaise: z.number().int(),
  interestPaise: z.number().int(),
});

export const quoteResponseSchema = z.object({
  /** Lines that can be ordered, priced from the database. */
  lines: z.array(quoteLineSchema),
  /** Lines that cannot be ordered as asked (withdrawn, out of stock, fewer left): placing the order is refused until fixed. */
  problems: z.array(z.object({ productId: z.string(), name: z.string().nullable(), message: z.string(), available: z.number().int() })),
  totals: orderTotalsSchema,
  /** Whether the GST is CGST + SGST (delivery within each seller's state) or IGST. Null before an address is chosen. */
  intraState: z.boolean().nullable(),
  /**
   * The state the GST is charged for (decision 71): the business's GSTIN state when buying for one,
   * otherwise the delivery address's; null before either is chosen.
   */
  placeOfSupply: z.object({ state: z.string(), code: z.string() }).nullable(),
  coupon: z.object({ code: z.string(), description: z.string(), discountPaise: z.number().int() }).nullable(),
  /** Why the coupon asked for does not apply (null when none was asked for or it applies). */
  couponError: z.string().nullable(),
  deliveryChoices: z.array(deliveryChoiceSchema),
  /** Standard delivery is free from this order value after discounts (the shop's settings). */
  freeShippingAtPaise: z.number().int(),
  cod: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  emiPlans: z.array(emiPlanSchema),
  /**
   * Delivery to the chosen address's PIN as the courier answers it (decision 80): each seller's parcel from
   * its pickup city, served or not, with its expected dates by option. `estimate` when the courier did not
   * answer and the shop's own table stands in. Null before an address is chosen.
   */
  delivery: z
    .object({
      pinCode: z.string(),
      estimate: z.boolean(),
      serviceable: z.boolean(),
      /** The plain words of what cannot be delivered there; null when everything can. */
      message: z.string().nullable(),
      parcels: z.array(
        z.object({
          sellerName: z.string(),
          fromCity: z.string().nullable(),
          items: z.array(z.string()),
          serviceable: z.boolean(),
          reason: z.string().nullable(),
          estimate: z.boolean(),
          standard: z.object({ expectedFrom: z.string(), expectedBy: z.string() }).nullable(),
          express: z.object({ expectedFrom: z.string(), expectedBy: z.string() }).nullable(),
        }),
      ),
    })
    .nullable(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const addressSnapshotSchema = z.object({
  fullName: z.string(),
  mobile: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  totalPaise: z.number().int(),
  itemCount: z.number().int(),
  /** Up to three lines, for thumbnails. */
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), image: productImageSchema.nullable() })),
  expectedBy: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const ordersResponseSchema = paginatedSchema(orderSummarySchema);
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  hsnCode: z.string(),
  image: productImageSchema.nullable(),
  quantity: z.number().int(),
  /** Units the seller cancelled before shipping: refunded, not delivered. */
  cancelledQuantity: z.number().int(),
  unitPricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  lineTotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  sellerName: z.string(),
  sellerState: z.string(),
  sellerGstin: z.string().nullable(),
  ...gstSchema,
  /** The offer's warranty in months when bought (decision 72); null on a line of before. */
  warrantyMonths: z.number().int().nullable().optional(),
  /** Each packed unit's serial and warranty (decision 72); empty until the seller packs with serials. */
  units: z.array(packedUnitSchema).optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A GST credit note (section 34 of the CGST Act) against the order's invoice. */
export const creditNoteSchema = z.object({
  number: z.string(),
  date: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      hsnCode: z.string(),
      quantity: z.number().int(),
      gstRateBp: z.number().int(),
      taxablePaise: z.number().int(),
      cgstPaise: z.number().int(),
      sgstPaise: z.number().int(),
      igstPaise: z.number().int(),
      amountPaise: z.number().int(),
    }),
  ),
  /** Shipping charged on the invoice and given back with this note (no GST on it). */
  shippingPaise: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** A business's credit note of a seller that e-invoices: each such seller's registration (decision 76). */
  eInvoices: z.array(documentEInvoiceSchema).optional(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const orderPaymentSchema = z.object({
  provider: z.enum(['test-gateway', 'razorpay', 'cod']),
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  amountPaise: z.number().int(),
  amountRefundedPaise: z.number().int(),
  /** How it was paid at the provider (may differ from the method chosen at checkout). */
  paidWith: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  errorDescription: z.string().nullable(),
  capturedAt: z.string().nullable(),
  attempts: z.number().int(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderDetailSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  emiTenureMonths: z.number().int().nullable(),
  deliveryOption: deliveryOptionSchema,
  address: addressSnapshotSchema,
  /**
   * The business the order was bought for (decision 71), as it was then: its GSTIN, legal name and
   * billing address; the place of supply is its GSTIN's state. Null for a consumer's order.
   */
  business: orderBusinessSchema.nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  items: z.array(orderItemSchema),
  totals: orderTotalsSchema,
  intraState: z.boolean(),
  couponCode: z.string().nullable(),
  expectedFrom: z.string().nullable(),
  expectedBy: z.string().nullable(),
  /** Unpaid orders are cancelled at this time. */
  paymentDueAt: z.string().nullable(),
  payment: orderPaymentSchema,
  refunds: z.array(
    z.object({
      id: z.string(),
      amountPaise: z.number().int(),
      status: z.enum(['pending', 'processed', 'failed']),
      reason: z.string(),
      providerRefundId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  shipments: z.array(
    z.object({
      id: z.string(),
      sellerName: z.string(),
      carrier: z.string(),
      trackingNumber: z.string(),
      trackingUrl: z.string().nullable(),
      status: z.enum(SHIPMENT_STATUSES),
      shippedAt: z.string(),
      deliveredAt: z.string().nullable(),
      /** Once the items came back: sold again or written off (null before). */
      returnCondition: z.enum(RETURN_CONDITIONS).nullable(),
      /** The order items in this shipment. */
      itemIds: z.array(z.string()),
    }),
  ),
  /** Sellers that packed their items (before the courier took them), with the order items they packed. */
  packings: z.array(z.object({ sellerName: z.string(), packedAt: z.string(), itemIds: z.array(z.string()) })),
  /** Returns whose serials did not match the units shipped (decision 72): the refund waits for an admin. */
  serialHolds: z.array(serialHoldSchema).optional(),
  timeline: z.array(z.object({ kind: z.string(), message: z.string(), actorRole: z.string(), createdAt: z.string() })),
  cancelReason: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** The photos the customer sent with the return request, oldest first. */
  returnPhotos: z.array(returnPhotoSchema),
  /** The customer deleted their account and the photos they sent with the return were removed then (decision 55). */
  returnPhotosRemoved: z.boolean(),
  deliveredAt: z.string().nullable(),
  actions: z.object({
    canPay: z.boolean(),
    canCancel: z.boolean(),
    canRequestReturn: z.boolean(),
    /** Until when a return may be asked for (null before delivery). */
    returnDeadline: z.string().nullable(),
    /**
     * Cash on delivery collected and the order coming back (return requested or returned, not fully
     * refunded): the customer gives or changes the bank account the shop transfers the refund to.
     */
    canGiveRefundAccount: z.boolean(),
  }),
  /** The bank account the customer gave for a cash-on-delivery refund, masked; null when none was given. */
  refundAccount: maskedBankAccountSchema.nullable(),
  /** The customer deleted their account and the bank account they gave for the refund was removed then (decision 55). */
  refundAccountRemoved: z.boolean(),
  /**
   * The GST invoice, once the order is confirmed (paid, or cash on delivery). A business's invoice of a
   * seller that e-invoices carries that seller's registration (decision 76): it is released (its PDF
   * downloadable) once every one of them has its IRN (`documentHeld`).
   */
  invoice: z.object({ number: z.string(), date: z.string(), eInvoices: z.array(documentEInvoiceSchema).optional() }).nullable(),
  /** Credit notes against the invoice: items cancelled after it was issued, or returned. */
  creditNotes: z.array(creditNoteSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderResponseSchema = z.object({ order: orderDetailSchema });

export const placeOrderResponseSchema = z.object({
  order: orderDetailSchema,
  /** True when the customer must now pay online (POST /api/orders/{id}/payment). */
  paymentRequired: z.boolean(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** How the browser pays: go to the provider's hosted page, or open Razorpay Checkout with these options. */
export const startPaymentResponseSchema = z.object({
  checkout: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('hosted-page'), url: z.string() }),
    z.object({
      kind: z.literal('razorpay-checkout'),
      scriptUrl: z.string(),
      options: z.object({
        key: z.string(),
        order_id: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        name: z.string(),
        callback_url: z.string(),
        redirect: z.literal(true),
      }),
    }),
  ]),
});
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;
