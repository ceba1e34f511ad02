import type { CouponRule } from '~/shared/pricing';
import type { CouponSummary } from '~/shared/schemas/coupons';
import type { Database, Executor } from '../../db/client';
import { dayOf, iso } from '../../lib/dates';
import * as repo from './coupons.repo';

/** Why a coupon cannot be used now, in words for the customer, and whether that is bad input or a conflict. */
export type CouponRefusal = { error: string; code: 'VALIDATION' | 'CONFLICT' };

/**
 * Coupon codes: which are open, whether one applies to a customer now, and counting its uses.
 * Redeeming and releasing run in the order's transaction.
 */
export function createCouponsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Coupons open to everyone right now, for the checkout's offers list. */
    async available(now = new Date()): Promise<CouponSummary[]> {
      return (await repo.availableCoupons(db, now)).map((c) => ({
        code: c.code,
        description: c.description,
        minOrderPaise: c.minOrderPaise,
        expiresAt: iso(c.expiresAt),
      }));
    },

    /**
     * The pricing rule of a coupon the customer may use now, or why not (unknown, not started,
     * expired, used up, used by this customer as often as allowed). The minimum order is the
     * pricing's to check.
     */
    async check(
      tx: Executor,
      rawCode: string,
      userId: string,
      now: Date,
    ): Promise<{ rule: CouponRule; description: string } | CouponRefusal> {
      const code = rawCode.trim().toUpperCase();
      const coupon = await repo.findCoupon(tx, code);
      if (!coupon || !coupon.active) return { error: `There is no coupon ${code}. Check the code and try again.`, code: 'VALIDATION' };
      if (coupon.startsAt > now) return { error: `Coupon ${code} starts on ${dayOf(coupon.startsAt)}.`, code: 'VALIDATION' };
      if (coupon.expiresAt && coupon.expiresAt <= now)
        return { error: `Coupon ${code} expired on ${dayOf(coupon.expiresAt)}.`, code: 'VALIDATION' };
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
