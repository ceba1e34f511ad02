import type { Category } from '~/shared/constants';
import type { CouponRule } from '~/shared/pricing';
import { couponScopeLabel, type CouponSummary } from '~/shared/schemas/coupons';
import type { Executor } from '../../db/client';
import { dayOf, iso } from '../../lib/dates';
import { createCouponsAdmin, type CouponsAdminDeps } from './coupons-admin';
import * as repo from './coupons.repo';

/** The cart lines a scope names, in words for a sentence: "monitors", "products sold by Acme". */
function scopeWords(category: string | null, vendorName: string | null): string {
  const label = couponScopeLabel(category, vendorName) ?? '';
  const words = label.replace(/ only$/, '');
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** Why a coupon cannot be used now, in words for the customer, and whether that is bad input or a conflict. */
export type CouponRefusal = { error: string; code: 'VALIDATION' | 'CONFLICT' };

/**
 * Coupon codes: which are open, whether one applies to a customer now, and counting its uses.
 * Redeeming and releasing run in the order's transaction. A coupon may be limited to a category,
 * a vendor or both: it then counts and discounts only those cart lines. The admin's operations
 * (`admin`) are audited.
 */
export function createCouponsService(deps: CouponsAdminDeps) {
  const { db } = deps;
  return {
    /** Listing, creating, editing, pausing, resuming and expiring coupons; their redemptions. */
    admin: createCouponsAdmin(deps),

    /** Coupons open to everyone right now, for the checkout's offers list. */
    async available(now = new Date()): Promise<CouponSummary[]> {
      return (await repo.availableCoupons(db, now)).map((c) => ({
        code: c.code,
        description: c.description,
        minOrderPaise: c.minOrderPaise,
        expiresAt: iso(c.expiresAt),
        scope: couponScopeLabel(c.category, c.vendorName),
      }));
    },

    /**
     * The pricing rule of a coupon the customer may use now, or why not (unknown, expired, paused,
     * not started, used up, used by this customer as often as allowed). The minimum order and the
     * scope (which cart lines it applies to) are the pricing's to check.
     */
    async check(
      tx: Executor,
      rawCode: string,
      userId: string,
      now: Date,
    ): Promise<{ rule: CouponRule; description: string } | CouponRefusal> {
      const code = rawCode.trim().toUpperCase();
      const coupon = await repo.findCouponWithVendor(tx, code);
      if (!coupon) return { error: `There is no coupon ${code}. Check the code and try again.`, code: 'VALIDATION' };
      if (coupon.expiresAt && coupon.expiresAt <= now)
        return { error: `Coupon ${code} expired on ${dayOf(coupon.expiresAt)}.`, code: 'VALIDATION' };
      if (!coupon.active) return { error: `Coupon ${code} is paused at the moment. Try another offer.`, code: 'VALIDATION' };
      if (coupon.startsAt > now) return { error: `Coupon ${code} starts on ${dayOf(coupon.startsAt)}.`, code: 'VALIDATION' };
      if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
        return { error: `Coupon ${code} has been fully used. Try another offer.`, code: 'CONFLICT' };
      }
      const used = await repo.customerRedemptions(tx, code, userId);
      if (used >= coupon.perCustomerLimit) {
        return {
          error:
            coupon.perCustomerLimit === 1
              ? `You have already used coupon ${code}.`
              : `You have already used coupon ${code} ${coupon.perCustomerLimit} times, the most allowed.`,
          code: 'CONFLICT',
        };
      }
      return {
        rule: {
          code,
          kind: coupon.kind as CouponRule['kind'],
          value: coupon.value,
          minOrderPaise: coupon.minOrderPaise,
          maxDiscountPaise: coupon.maxDiscountPaise,
          scope:
            coupon.category || coupon.vendorId
              ? {
                  category: (coupon.category as Category | null) ?? null,
                  vendorId: coupon.vendorId,
                  label: scopeWords(coupon.category, coupon.vendorId ? (coupon.vendorName ?? 'one seller') : null),
                }
              : null,
        },
        description: coupon.description,
      };
    },

    /**
     * Counts one use for the order, only while uses are left (the coupon's row lock queues
     * concurrent redemptions until the order's transaction ends). False when it was used up meanwhile.
     */
    redeem: (tx: Executor, use: { code: string; orderId: string; userId: string }) =>
      repo.redeemCoupon(tx, use.code, use.orderId, use.userId),

    /** Gives a cancelled order's coupon use back. */
    release: (tx: Executor, orderId: string) => repo.releaseCoupon(tx, orderId),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
