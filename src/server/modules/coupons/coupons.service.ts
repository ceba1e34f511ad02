import type { CouponRule } from '~/shared/pricing';
import type { CartOffer, CouponSummary } from '~/shared/schemas/coupons';
import type { OrderLineInput } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { couponSummaryOf, judgeCoupon, offerFor, type CouponCartLine, type CouponRefusal } from './coupon-rules';
import { createCouponsAdmin, type CouponsAdminDeps } from './coupons.admin.service';
import * as repo from './coupons.repo';

export type { CouponRefusal } from './coupon-rules';

export interface CouponsServiceDeps extends CouponsAdminDeps {
  /** A cart's lines that can be bought now, priced from the database (bound late: orders call coupons). */
  cartLines: (items: OrderLineInput[]) => Promise<CouponCartLine[]>;
}

/**
 * Coupon codes: which are open, whether one applies to a customer now, and counting its uses.
 * Redeeming and releasing run in the order's transaction. A coupon may be limited to a category,
 * a vendor or both: it then counts and discounts only those cart lines. The admin's operations
 * (`admin`) are audited.
 */
export function createCouponsService(deps: CouponsServiceDeps) {
  const { db } = deps;
  return {
    /** Listing, creating, editing, pausing, resuming and expiring coupons; their redemptions. */
    admin: createCouponsAdmin(deps),

    /** Coupons open to everyone right now, whatever the cart. */
    async available(now = new Date()): Promise<CouponSummary[]> {
      return (await repo.availableCoupons(db, now)).map(couponSummaryOf);
    },

    /**
     * The coupons open now, each usable for this customer's cart or not with the reason, by the rules
     * applying the code follows (`check`, then the pricing's scope and minimum); usable ones first.
     */
    async offersFor(userId: string, items: OrderLineInput[], now = new Date()): Promise<CartOffer[]> {
      const [open, lines] = await Promise.all([repo.availableCouponsWithUses(db, userId, now), deps.cartLines(items)]);
      const offers = open.map((c) => offerFor(c, c.customerUses, lines, now));
      return [...offers.filter((o) => o.applicable), ...offers.filter((o) => !o.applicable)];
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
      return judgeCoupon(coupon, await repo.customerRedemptions(tx, code, userId), now);
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
