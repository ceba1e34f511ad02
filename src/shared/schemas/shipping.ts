import { z } from 'zod';
import { indianMobileSchema } from './common';
import { vendorOrderSchema } from './vendor-orders';

/** A parcel as the courier weighs it (decision 78). */
export const parcelSchema = z.object({
  weightGrams: z.number().int(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
});
export type ParcelView = z.infer<typeof parcelSchema>;

export const courierRateSchema = z.object({
  courierId: z.string(),
  courierName: z.string(),
  /** GST and any COD fee included. */
  chargePaise: z.number().int(),
  promisedDays: z.number().int(),
  chargeableWeightGrams: z.number().int(),
  mode: z.enum(['air', 'surface']),
});
export type CourierRateView = z.infer<typeof courierRateSchema>;

/** GET /api/vendor/orders/{id}/courier-rates: the couriers that take the seller's parcel of an order. */
export const courierQuoteSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  provider: z.string(),
  pickupPin: z.string(),
  deliveryPin: z.string(),
  parcel: parcelSchema.extend({
    /** Products whose packed weight or box the seller has not given: estimated for them. */
    estimatedFor: z.array(z.string()),
  }),
  /** The cash the courier collects; null when prepaid. */
  codAmountPaise: z.number().int().nullable(),
  declaredValuePaise: z.number().int(),
  serviceable: z.boolean(),
  /** Why no courier takes it; null when one does. */
  reason: z.string().nullable(),
  /** Cheapest first. */
  rates: z.array(courierRateSchema),
  /** The parcel needs a valid e-way bill before a courier can be bought (decision 75). */
  needsEwayBill: z.boolean(),
});
export type CourierQuote = z.infer<typeof courierQuoteSchema>;
export const courierQuoteResponseSchema = z.object({ quote: courierQuoteSchema });

/** POST /api/vendor/orders/{id}/courier-shipment: buy the chosen courier for the parcel. */
export const buyCourierSchema = z.strictObject({
  courierId: z.string({ error: 'Choose a courier' }).trim().min(1, 'Choose a courier').max(40),
});
export type BuyCourier = z.output<typeof buyCourierSchema>;

export const courierShipmentSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  courierName: z.string(),
  awb: z.string(),
  trackingUrl: z.string(),
  chargePaise: z.number().int(),
  promisedDays: z.number().int(),
  codAmountPaise: z.number().int().nullable(),
  chargeableWeightGrams: z.number().int(),
  bookedAt: z.string(),
  /** The day the courier comes for it (YYYY-MM-DD), once a pickup was asked for. */
  pickupDate: z.string().nullable(),
});
export type CourierShipment = z.infer<typeof courierShipmentSchema>;
export const buyCourierResponseSchema = z.object({ order: vendorOrderSchema, shipment: courierShipmentSchema });
export const courierShipmentsResponseSchema = z.object({ items: z.array(courierShipmentSchema) });

const orderIdsField = z
  .string({ error: 'Choose the orders' })
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().max(64)).min(1, 'Choose at least one order').max(100, 'Choose at most 100 orders at a time'));

/** GET /api/vendor/shipping/labels?orderIds=a,b&size=4x6: the labels of the parcels of these orders, in one PDF. */
export const labelsQuerySchema = z.strictObject({
  orderIds: orderIdsField,
  size: z.enum(['a4', '4x6'], { error: 'Choose A4 or 4×6' }).default('4x6'),
});
/** GET /api/vendor/shipping/manifest?orderIds=a,b */
export const manifestQuerySchema = z.strictObject({ orderIds: orderIdsField });
/** GET /api/vendor/shipping/shipments?orderIds=a,b (or the seller's latest 100 without it). */
export const courierShipmentsQuerySchema = z.strictObject({ orderIds: orderIdsField.optional() });

/** POST /api/vendor/shipping/pickups: a pickup today for these booked parcels (all that wait for one, without `orderIds`). */
export const requestPickupSchema = z.strictObject({
  orderIds: z.array(z.string().max(64)).min(1, 'Choose at least one order').max(100).optional(),
});
export const pickupResponseSchema = z.object({
  pickup: z.object({ pickupDate: z.string(), reference: z.string().nullable(), count: z.number().int(), awbs: z.array(z.string()) }),
});
export type PickupAnswerView = z.infer<typeof pickupResponseSchema>['pickup'];

/** Where a parcel is (decision 79), as the courier's tracking pushes say. */
export const TRACKING_STATUS_VALUES = [
  'booked',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
] as const;
export const trackingStatusSchema = z.enum(TRACKING_STATUS_VALUES);
export type TrackingStatusValue = z.infer<typeof trackingStatusSchema>;

/** What a customer reads for each status. */
export const TRACKING_STATUS_LABELS: Record<TrackingStatusValue, string> = {
  booked: 'Courier booked',
  pickup_scheduled: 'Pickup scheduled',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Delivery attempt failed',
  rto_initiated: 'Returning to the seller',
  rto_delivered: 'Returned to the seller',
  cancelled: 'Cancelled',
};

export const trackingEventSchema = z.object({
  status: trackingStatusSchema,
  at: z.string(),
  location: z.string().nullable(),
  detail: z.string(),
});
export type TrackingEventView = z.infer<typeof trackingEventSchema>;

/** What the customer answered to a failed delivery attempt, as sent to the courier. */
export const reattemptAnswerSchema = z.object({
  kind: z.enum(['reattempt', 'correct']),
  /** The day asked for (YYYY-MM-DD), for a re-attempt. */
  on: z.string().nullable(),
  addressLine: z.string().nullable(),
  phone: z.string().nullable(),
  at: z.string(),
});
export type ReattemptAnswer = z.infer<typeof reattemptAnswerSchema>;

/** One booked parcel of an order and its tracking timeline, oldest first. */
export const parcelTrackingSchema = z.object({
  awb: z.string(),
  courierName: z.string(),
  /** The courier's own tracking page. */
  trackingUrl: z.string(),
  status: trackingStatusSchema,
  events: z.array(trackingEventSchema),
  /** The customer's answers to failed attempts, oldest first. */
  answers: z.array(reattemptAnswerSchema),
  /** The latest attempt failed and the customer has not answered it yet: the days they may choose. */
  reattemptDays: z.array(z.string()).nullable(),
});
export type ParcelTracking = z.infer<typeof parcelTrackingSchema>;
/** GET /api/orders/{id}/tracking: the customer's order's booked parcels. */
export const orderTrackingResponseSchema = z.object({ parcels: z.array(parcelTrackingSchema) });
export type OrderTrackingResponse = z.infer<typeof orderTrackingResponseSchema>;
/** The answer to a tracking webhook. */
export const trackingWebhookResponseSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });

/** POST /api/orders/{id}/parcels/{awb}/reattempt: the customer's answer to a failed delivery attempt. */
export const reattemptRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('reattempt'),
      on: z.string({ error: 'Choose a day' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day'),
    }),
    z
      .strictObject({
        kind: z.literal('correct'),
        addressLine: z
          .string()
          .trim()
          .max(200, 'At most 200 characters')
          .optional()
          .transform((v) => v || undefined)
          .refine((v) => v === undefined || v.length >= 5, 'Enter at least 5 characters'),
        phone: z
          .string()
          .optional()
          .transform((v) => (v?.trim() ? v : undefined))
          .pipe(indianMobileSchema.optional()),
      })
      .refine((v) => v.addressLine !== undefined || v.phone !== undefined, {
        message: 'Correct the address line or the phone number',
        path: ['addressLine'],
      }),
  ],
  { error: 'Choose a new day or correct your address or phone' },
);
export type ReattemptInput = z.output<typeof reattemptRequestSchema>;
export const parcelParamsSchema = z.object({ orderId: z.string().min(1).max(64), awb: z.string().min(1).max(40) });
