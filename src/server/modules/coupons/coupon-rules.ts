import type { Category } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { couponMisfit, type CouponRule, type PricedLineInput } from '~/shared/pricing';
import { couponScopeLabel, type CartOffer, type CouponSummary } from '~/shared/schemas/coupons';
import { dayOf, iso } from '../../lib/dates';
import type { CouponWithVendor } from './coupons.repo';

/** Why a coupon cannot be used now, whatever the cart holds. */
export type CouponRefusalKind = 'expired' | 'paused' | 'scheduled' | 'used_up' | 'used_by_customer';

/**
 * Why a coupon cannot be used now, in words for the customer, whether that is bad input or a
 * conflict, and which rule refused it (absent for a code that names no coupon).
 */
export type CouponRefusal = { error: string; code: 'VALIDATION' | 'CONFLICT'; kind?: CouponRefusalKind };

/** A coupon the customer may use now: its pricing rule (the cart's fit is the pricing's to check). */
export type CouponVerdict = { rule: CouponRule; description: string } | (CouponRefusal & { kind: CouponRefusalKind });

/** A cart line as a coupon reads it: what it costs, how many, and what and whose it is. */
export type CouponCartLine = Pick<PricedLineInput, 'unitPricePaise' | 'quantity' | 'category' | 'vendorId'>;

/** The cart lines a scope names, in words for a sentence: "monitors", "products sold by Acme". */
function scopeWords(category: string | null, vendorName: string | null): string {
  const label = couponScopeLabel(category, vendorName) ?? '';
  const words = label.replace(/ only$/, '');
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/**
 * The rules of a coupon that do not depend on the cart, in the order the customer is told of them:
 * expired, paused, not started, used up, used by this customer as often as allowed. Pure: the
 * coupon, how many of its uses are this customer's, and the moment. Applying a code and listing
 * the offers both judge with it.
 */
export function judgeCoupon(coupon: CouponWithVendor, customerUses: number, now: Date): CouponVerdict {
  const { code } = coupon;
  if (coupon.expiresAt && coupon.expiresAt <= now)
    return { kind: 'expired', error: `Coupon ${code} expired on ${dayOf(coupon.expiresAt)}.`, code: 'VALIDATION' };
  if (!coupon.active) return { kind: 'paused', error: `Coupon ${code} is paused at the moment. Try another offer.`, code: 'VALIDATION' };
  if (coupon.startsAt > now) return { kind: 'scheduled', error: `Coupon ${code} starts on ${dayOf(coupon.startsAt)}.`, code: 'VALIDATION' };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return { kind: 'used_up', error: `Coupon ${code} has been fully used. Try another offer.`, code: 'CONFLICT' };
  }
  if (customerUses >= coupon.perCustomerLimit) {
    return {
      kind: 'used_by_customer',
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
}

/** A coupon as the offers list shows it. */
export function couponSummaryOf(c: CouponWithVendor): CouponSummary {
  return {
    code: c.code,
    description: c.description,
    minOrderPaise: c.minOrderPaise,
    expiresAt: iso(c.expiresAt),
    scope: couponScopeLabel(c.category, c.vendorName),
  };
}

/** Why an offer is not for this customer now, in a few plain words (no code: the list shows it). */
function refusalReason(coupon: CouponWithVendor, kind: CouponRefusalKind): string {
  switch (kind) {
    case 'expired':
      return 'This offer has ended';
    case 'paused':
      return 'This offer is paused at the moment';
    case 'scheduled':
      return `This offer starts on ${dayOf(coupon.startsAt)}`;
    case 'used_up':
      return 'This offer has been fully used';
    case 'used_by_customer':
      return coupon.perCustomerLimit === 1
        ? 'You have used this offer already'
        : `You have used this offer ${coupon.perCustomerLimit} times, the most allowed`;
  }
}

/**
 * One offer for a cart: usable, or not with the reason ("For monitors only", "On orders of
 * ₹1,00,000.00 or more: add ₹55,010.00 more", "You have used this offer already"). The same rules
 * as applying the code: `judgeCoupon`, then the pricing's `couponMisfit`.
 */
export function offerFor(coupon: CouponWithVendor, customerUses: number, lines: readonly CouponCartLine[], now: Date): CartOffer {
  const summary = couponSummaryOf(coupon);
  const verdict = judgeCoupon(coupon, customerUses, now);
  if ('error' in verdict) return { ...summary, applicable: false, reason: refusalReason(coupon, verdict.kind) };
  const { rule } = verdict;
  const misfit = couponMisfit(rule, lines);
  if (!misfit) return { ...summary, applicable: true, reason: null };
  if (misfit.code === 'COUPON_OUT_OF_SCOPE') return { ...summary, applicable: false, reason: `For ${rule.scope?.label} only` };
  const least = formatPaise(rule.minOrderPaise);
  const more = formatPaise(misfit.shortfallPaise);
  return {
    ...summary,
    applicable: false,
    reason: rule.scope
      ? `On ${rule.scope.label} worth ${least} or more: add ${more} more of them`
      : `On orders of ${least} or more: add ${more} more`,
  };
}
