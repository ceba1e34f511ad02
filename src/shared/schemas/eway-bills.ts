/** E-way bills of a seller's parcel (decision 75): Part A from the invoice, Part B the conveyance; extension, cancellation. */
import { z } from 'zod';

const upper = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/** An e-way bill number as the portal prints it: 1234 5678 9012. */
export const groupedEwbNo = (ewbNo: string) => ewbNo.replace(/(\d{4})(?=\d)/g, '$1 ');

export const TRANS_MODES = ['1', '2', '3', '4'] as const;
export const TRANS_MODE_LABELS: Record<(typeof TRANS_MODES)[number], string> = { '1': 'Road', '2': 'Rail', '3': 'Air', '4': 'Ship' };

/** The portal's reasons for extending a validity (its codes). */
export const EXTEND_REASONS = {
  '1': 'Natural calamity',
  '2': 'Law and order',
  '4': 'Transshipment',
  '5': 'Accident',
  '99': 'Other',
} as const;
/** The portal's reasons for cancelling an e-way bill (its codes). */
export const CANCEL_REASONS = { '1': 'Duplicate', '2': 'Order cancelled', '3': 'Data entry mistake', '4': 'Other' } as const;

const distance = (label: string) =>
  z
    .number({ error: `Enter the ${label} in km` })
    .int('Enter whole kilometres')
    .min(1, 'The distance must be at least 1 km')
    .max(4000, 'The distance can be at most 4,000 km');

const vehicleNo = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/, 'Enter a vehicle number like MH12AB1234'));

const transporterId = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^[0-9]{2}[0-9A-Z]{13}$/, "Enter the transporter's 15-character GSTIN or TRANSIN"));

const remarks = z
  .string({ error: 'Say why' })
  .trim()
  .min(3, 'Say why (at least 3 characters)')
  .max(50, 'At most 50 characters: the portal keeps no more');

/** POST /api/vendor/orders/{id}/eway-bill: Part A's approximate distance and Part B's vehicle or transporter. */
export const generateEwayBillSchema = z
  .strictObject({
    distanceKm: distance('approximate distance'),
    transMode: z.enum(TRANS_MODES, { error: 'Choose road, rail, air or ship' }).default('1'),
    vehicleNo: vehicleNo.optional(),
    transporterId: transporterId.optional(),
    transporterName: z.string().trim().max(100).optional(),
  })
  .refine((v) => v.vehicleNo || v.transporterId, {
    message: 'Give the vehicle number or the transporter id',
    path: ['vehicleNo'],
  });
export type GenerateEwayBill = z.output<typeof generateEwayBillSchema>;

/** POST /api/vendor/orders/{id}/eway-bill/extend: within 8 hours before or after the validity ends. */
export const extendEwayBillSchema = z.strictObject({
  remainingDistanceKm: distance('remaining distance'),
  fromPinCode: z.string({ error: 'Enter the PIN code where the goods are now' }).regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code'),
  reasonCode: z.enum(Object.keys(EXTEND_REASONS) as [keyof typeof EXTEND_REASONS], { error: 'Choose a reason' }),
  remarks,
  vehicleNo: vehicleNo.optional(),
});
export type ExtendEwayBill = z.output<typeof extendEwayBillSchema>;

/** POST /api/vendor/orders/{id}/eway-bill/cancel: within 24 hours of its generation, before the parcel ships. */
export const cancelEwayBillSchema = z.strictObject({
  reasonCode: z.enum(Object.keys(CANCEL_REASONS) as [keyof typeof CANCEL_REASONS], { error: 'Choose a reason' }),
  remarks,
});
export type CancelEwayBill = z.output<typeof cancelEwayBillSchema>;

export const ewayBillSchema = z.object({
  /** The 12-digit e-way bill number. */
  ewbNo: z.string(),
  status: z.enum(['active', 'cancelled']),
  generatedAt: z.string(),
  validUntil: z.string(),
  /** Whether its validity has ended (an active bill past it must be extended before the parcel leaves). */
  expired: z.boolean(),
  docNo: z.string(),
  docDate: z.string(),
  fromGstin: z.string(),
  toGstin: z.string(),
  fromPinCode: z.string(),
  toPinCode: z.string(),
  valuePaise: z.number().int(),
  distanceKm: z.number().int(),
  transMode: z.enum(TRANS_MODES),
  vehicleNo: z.string().nullable(),
  transporterId: z.string().nullable(),
  extensions: z.array(z.object({ at: z.string(), reason: z.string(), remainingDistanceKm: z.number().int(), validUntil: z.string() })),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** What the seller may do now, by the rules (cancel within 24 hours before shipping; extend within 8 hours of the end). */
  canCancel: z.boolean(),
  canExtend: z.boolean(),
});
export type EwayBill = z.infer<typeof ewayBillSchema>;

/** What Part A takes from the invoice, shown to the seller before it generates. */
const partASchema = z.object({
  docNo: z.string(),
  docDate: z.string(),
  fromGstin: z.string().nullable(),
  fromPinCode: z.string(),
  toGstin: z.string(),
  toPinCode: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      hsnCode: z.string(),
      quantity: z.number().int(),
      taxablePaise: z.number().int(),
      gstRatePercent: z.number(),
    }),
  ),
});

/** GET /api/vendor/orders/{id}/eway-bill: whether the parcel needs one, and the one it has. */
export const ewayBillStateSchema = z.object({
  required: z.boolean(),
  /** The consignment's value: the seller's items not cancelled, GST included. */
  valuePaise: z.number().int(),
  thresholdPaise: z.number().int(),
  fromState: z.string(),
  toState: z.string(),
  interState: z.boolean(),
  shipped: z.boolean(),
  bill: ewayBillSchema.nullable(),
  /** Cancelled bills, newest first. */
  cancelled: z.array(ewayBillSchema),
  partA: partASchema,
  /** Why an e-way bill cannot be generated now (no GSTIN on the profile, shipped already), or null. */
  problem: z.string().nullable(),
});
export type EwayBillState = z.infer<typeof ewayBillStateSchema>;
export const ewayBillStateResponseSchema = z.object({ ewayBill: ewayBillStateSchema });

/** GET /api/admin/orders/{id}/eway-bills: every seller's e-way bills of an order. */
export const adminEwayBillsResponseSchema = z.object({
  items: z.array(ewayBillSchema.extend({ vendorId: z.string(), sellerName: z.string() })),
});
export type AdminEwayBillsResponse = z.infer<typeof adminEwayBillsResponseSchema>;
