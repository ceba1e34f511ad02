import { z } from 'zod';
import { CATEGORIES } from '../constants';
import { inSentence, pageQueryFields, paginatedSchema, sortQuerySchema } from './common';

/** A coupon code as the customer types it: trimmed and upper-cased. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(3, 'Coupon codes are 3 to 30 letters, digits and dashes')
  .max(30, 'Coupon codes are 3 to 30 letters, digits and dashes')
  .regex(/^[A-Z0-9-]+$/, 'Coupon codes are letters, digits and dashes only, like DIWALI-25');

/** GET /api/coupons: offers open to everyone now, whatever the cart. */
export const couponSummarySchema = z.object({
  code: z.string(),
  description: z.string(),
  minOrderPaise: z.number().int(),
  expiresAt: z.string().nullable(),
  /** Which cart lines it applies to, in words ("Monitors only"); null for the whole cart. */
  scope: z.string().nullable(),
});
export const couponsResponseSchema = z.object({ items: z.array(couponSummarySchema) });
export type CouponSummary = z.infer<typeof couponSummarySchema>;

/**
 * POST /api/coupons/for-cart: the offers open now, each usable for the customer's cart (`applicable`,
 * `reason` null) or not, with the reason in words ("For monitors only", "You have used this offer
 * already"); usable ones first. The request is `cartOffersRequestSchema` (schemas/orders: the cart's lines).
 */
export const cartOfferSchema = couponSummarySchema.extend({
  applicable: z.boolean(),
  reason: z.string().nullable(),
});
export const cartOffersResponseSchema = z.object({ items: z.array(cartOfferSchema) });
export type CartOffer = z.infer<typeof cartOfferSchema>;
export type CartOffersResponse = z.infer<typeof cartOffersResponseSchema>;

/* ---------------------------------------------------------------- admin */

export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * Where a coupon stands now: expired (its end passed) before paused (switched off by an admin),
 * then scheduled (not started), used up (the total limit reached), else active.
 */
export const COUPON_STATUSES = ['active', 'paused', 'scheduled', 'expired', 'used_up'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
};

/** The largest percent a coupon may give (the database holds the same rule). */
export const MAX_COUPON_PERCENT = 90;
const MAX_PAISE = 1_00_00_000_00;

const paise = (label: string) =>
  z
    .number({ error: `Enter the ${inSentence(label)}` })
    .int(`${label} must be whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_PAISE, `${label} must be at most ₹1,00,00,000`);
const count = (label: string, min: number) =>
  z
    .number({ error: `Enter the ${inSentence(label)}` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(1_000_000, `${label} must be at most 10,00,000`);
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

/** Everything of a coupon an admin sets, but its code (the code never changes). */
const couponRuleFields = {
  description: z
    .string({ error: 'Enter what the coupon gives, in words for customers' })
    .trim()
    .min(5, 'Description must be at least 5 characters')
    .max(200, 'Description must be at most 200 characters'),
  kind: z.enum(COUPON_KINDS, { error: 'Choose percent off or a flat amount off' }),
  /** Percent (1–90) for a percent coupon; paise for a flat one. */
  value: z.number({ error: 'Enter the value' }).int('Value must be a whole number').min(0).max(MAX_PAISE).nullable().optional(),
  minOrderPaise: paise('Minimum order').default(0),
  /** Cap of a percent coupon's discount; null for no cap (ignored for flat coupons). */
  maxDiscountPaise: paise('Largest discount').nullable().default(null),
  startsAt: instant('Start').default(() => new Date().toISOString()),
  expiresAt: instant('End').nullable().default(null),
  usageLimit: count('Total uses', 1).nullable().default(null),
  perCustomerLimit: count('Uses per customer', 1).default(1),
  category: z.enum(CATEGORIES, { error: 'Choose Laptop, Desktop or Monitor' }).nullable().default(null),
  vendorId: z.string().trim().min(1).max(64).nullable().default(null),
};

type RuleFields = {
  kind: CouponKind;
  value?: number | null;
  maxDiscountPaise: number | null;
  startsAt: string;
  expiresAt: string | null;
};
/** Rules across fields: the value fits the kind, a cap only for percent, the end after the start. */
function checkRule(c: RuleFields, ctx: z.RefinementCtx) {
  if (c.kind === 'percent') {
    if (c.value == null || c.value < 1 || c.value > MAX_COUPON_PERCENT)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `A percent coupon gives 1% to ${MAX_COUPON_PERCENT}% off` });
  } else {
    if (c.value == null || c.value < 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter the amount off, at least ₹1' });
    if (c.maxDiscountPaise !== null)
      ctx.addIssue({ code: 'custom', path: ['maxDiscountPaise'], message: 'Only a percent coupon has a largest discount' });
  }
  if (c.maxDiscountPaise !== null && c.maxDiscountPaise < 100)
    ctx.addIssue({ code: 'custom', path: ['maxDiscountPaise'], message: 'Largest discount must be at least ₹1' });
  if (c.expiresAt !== null && Date.parse(c.expiresAt) <= Date.parse(c.startsAt))
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The end must be after the start' });
}

/** POST /api/admin/coupons. */
export const createCouponSchema = z.strictObject({ code: couponCodeSchema, ...couponRuleFields }).superRefine(checkRule);
export type CreateCouponInput = z.input<typeof createCouponSchema>;
export type CreateCoupon = z.output<typeof createCouponSchema>;

/** PUT /api/admin/coupons/:code: every rule again (the code and the uses counted stay). */
export const updateCouponSchema = z.strictObject(couponRuleFields).superRefine(checkRule);
export type UpdateCouponInput = z.input<typeof updateCouponSchema>;
export type UpdateCoupon = z.output<typeof updateCouponSchema>;

export const couponParamsSchema = z.strictObject({ code: couponCodeSchema });

export const COUPON_SORTS = ['code', 'createdAt', 'expiresAt', 'usedCount'] as const;
/** GET /api/admin/coupons: newest first; by status, scope or words of the code and description. */
export const adminCouponsQuerySchema = z.strictObject({
  ...pageQueryFields,
  q: z.string().trim().max(60, 'Search text must be at most 60 characters').optional(),
  status: z.enum(COUPON_STATUSES, { error: `Status must be one of ${COUPON_STATUSES.join(', ')}` }).optional(),
  sort: sortQuerySchema(COUPON_SORTS, '-createdAt'),
});
export type AdminCouponsQuery = z.output<typeof adminCouponsQuerySchema>;

export const adminCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minOrderPaise: z.number().int(),
  maxDiscountPaise: z.number().int().nullable(),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int(),
  usedCount: z.number().int(),
  active: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  category: z.enum(CATEGORIES).nullable(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  /** The scope in words ("Monitors only"), null for the whole cart. */
  scope: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsResponseSchema = paginatedSchema(adminCouponSchema);
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponseSchema>;
export const adminCouponResponseSchema = z.object({ coupon: adminCouponSchema });

/** GET /api/admin/coupons/:code/redemptions: newest first. */
export const couponRedemptionsQuerySchema = z.strictObject(pageQueryFields);
export const couponRedemptionSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  orderStatus: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  redeemedAt: z.string(),
  discountPaise: z.number().int(),
});
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>;
export const couponRedemptionsResponseSchema = paginatedSchema(couponRedemptionSchema);
export type CouponRedemptionsResponse = z.infer<typeof couponRedemptionsResponseSchema>;

/** The vendors a coupon may be limited to, for the form's choice. */
export const couponVendorsResponseSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type CouponVendors = z.infer<typeof couponVendorsResponseSchema>;

/** A coupon's scope in words: "Monitors only", "Products sold by Acme only", "Monitors sold by Acme only". */
export function couponScopeLabel(category: string | null, vendorName: string | null): string | null {
  const plural: Record<string, string> = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' };
  if (category && vendorName) return `${plural[category] ?? category} sold by ${vendorName} only`;
  if (category) return `${plural[category] ?? category} only`;
  if (vendorName) return `Products sold by ${vendorName} only`;
  return null;
}
