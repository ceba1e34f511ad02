import { z } from 'zod';

/** A coupon code as the customer types it: trimmed and upper-cased. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(3, 'Coupon codes are 3 to 30 letters and digits')
  .max(30, 'Coupon codes are 3 to 30 letters and digits')
  .regex(/^[A-Z0-9-]+$/, 'Coupon codes are letters and digits only');

/** GET /api/coupons: offers open to everyone now. */
export const couponSummarySchema = z.object({
  code: z.string(),
  description: z.string(),
  minOrderPaise: z.number().int(),
  expiresAt: z.string().nullable(),
});
export const couponsResponseSchema = z.object({ items: z.array(couponSummarySchema) });
export type CouponSummary = z.infer<typeof couponSummarySchema>;
