import type { Category } from './constants';

/**
 * The shop's money rules in one place (DESIGN §3): GST rates per category, shipping, cash on
 * delivery and coupons, and how an order's total, GST part and discounts are worked out.
 * Everything is integer paise; prices include GST. The delivery charges and the cash-on-delivery
 * limit here are the defaults: an admin changes them at /admin/settings, and the server passes the
 * saved ones to `priceOrder`, `shippingFor` and `codAllowed`.
 */
export const PRICING = {
  /** GST in basis points (1800 = 18%) per category: HSN 8471 computers and 8528 monitors are 18%. */
  gstRateBp: { Laptop: 1800, Desktop: 1800, Monitor: 1800 } satisfies Record<Category, number>,
  /** Standard delivery is free at or above this order value (after discounts). */
  freeShippingAtPaise: 10_000_00,
  /** Standard delivery below the threshold. */
  standardShippingPaise: 199_00,
  /** Express delivery (one to two working days faster) always costs this. */
  expressShippingPaise: 499_00,
  /** Cash on delivery is offered up to this order total, where the PIN code allows it. */
  codLimitPaise: 50_000_00,
} as const;

/** Delivery charges: standard (free from a threshold) and express. */
export interface ShippingRules {
  standardPaise: number;
  expressPaise: number;
  freeShippingAtPaise: number;
}

export const DEFAULT_SHIPPING: ShippingRules = {
  standardPaise: PRICING.standardShippingPaise,
  expressPaise: PRICING.expressShippingPaise,
  freeShippingAtPaise: PRICING.freeShippingAtPaise,
};

export const DELIVERY_OPTIONS = ['standard', 'express'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export interface PricedLineInput {
  /** GST-inclusive unit price, from the database (never from the client). */
  unitPricePaise: number;
  quantity: number;
  category: Category;
  /** The product's own GST rate (set with its HSN code); the category's rate when absent. */
  gstRateBp?: number;
  /** State of the seller's pickup address: decides CGST + SGST (same state) or IGST. */
  sellerState: string;
  /** The seller, for a coupon limited to one vendor's products. */
  vendorId?: string;
}

export interface CouponRule {
  code: string;
  kind: 'percent' | 'flat';
  /** Percent (1–90) for 'percent', paise for 'flat'. */
  value: number;
  minOrderPaise: number;
  /** Largest discount of a percent coupon; null for no cap. */
  maxDiscountPaise: number | null;
  /**
   * The lines the coupon applies to (a category, a vendor or both; `label` names them in words, like
   * "monitors"); absent or null for the whole cart. The minimum order counts only these lines.
   */
  scope?: { category: Category | null; vendorId: string | null; label: string } | null;
}

/** Whether a line is one a coupon applies to. */
export function inCouponScope(coupon: CouponRule, line: Pick<PricedLineInput, 'category' | 'vendorId'>): boolean {
  const scope = coupon.scope;
  if (!scope) return true;
  return (scope.category === null || line.category === scope.category) && (scope.vendorId === null || line.vendorId === scope.vendorId);
}

export interface TaxSplit {
  /** The value before GST. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface PricedLine extends TaxSplit {
  lineTotalPaise: number;
  /** This line's share of the coupon discount (already taken off lineTotal for the GST split). */
  discountPaise: number;
  gstRateBp: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Sum of the lines before discount. */
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  /** GST contained in the total (goods only; shipping is shown as charged). */
  gstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Whether the delivery state is each seller's state for every line (CGST + SGST), or not (IGST). */
  intraState: boolean;
}

export class PricingError extends Error {
  constructor(
    readonly code: 'COUPON_MIN_ORDER' | 'COUPON_OUT_OF_SCOPE' | 'BAD_LINE',
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/** The GST inside a GST-inclusive amount, split by where the goods go. */
export function splitGst(amountPaise: number, gstRateBp: number, intraState: boolean): TaxSplit {
  const taxablePaise = Math.round((amountPaise * 10_000) / (10_000 + gstRateBp));
  const gst = amountPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: gst };
  const cgstPaise = Math.floor(gst / 2);
  return { taxablePaise, cgstPaise, sgstPaise: gst - cgstPaise, igstPaise: 0 };
}

/** Why a coupon does not fit a cart: none of its lines in the coupon's scope, or too little of them for its minimum. */
export type CouponMisfit = { code: 'COUPON_OUT_OF_SCOPE' } | { code: 'COUPON_MIN_ORDER'; shortfallPaise: number };

/**
 * Whether a coupon fits a cart, by the rules `priceOrder` prices with: a scoped coupon needs a line in
 * its scope, and the lines it counts must reach its minimum. Null when it fits.
 */
export function couponMisfit(
  coupon: CouponRule,
  lines: readonly Pick<PricedLineInput, 'unitPricePaise' | 'quantity' | 'category' | 'vendorId'>[],
): CouponMisfit | null {
  const counted = lines.filter((l) => inCouponScope(coupon, l));
  if (coupon.scope && counted.length === 0) return { code: 'COUPON_OUT_OF_SCOPE' };
  const countedPaise = counted.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  return minOrderShortfall(coupon, countedPaise);
}

function minOrderShortfall(coupon: CouponRule, countedPaise: number): CouponMisfit | null {
  return countedPaise < coupon.minOrderPaise ? { code: 'COUPON_MIN_ORDER', shortfallPaise: coupon.minOrderPaise - countedPaise } : null;
}

/** A misfit as the error of applying the coupon. */
function misfitError(coupon: CouponRule, misfit: CouponMisfit): PricingError {
  if (misfit.code === 'COUPON_OUT_OF_SCOPE') {
    return new PricingError(misfit.code, `Coupon ${coupon.code} applies only to ${coupon.scope?.label}, and your cart has none`);
  }
  const least = `₹${(coupon.minOrderPaise / 100).toLocaleString('en-IN')}`;
  return new PricingError(
    misfit.code,
    coupon.scope
      ? `Coupon ${coupon.code} needs ${coupon.scope.label} worth at least ${least} in your cart`
      : `Coupon ${coupon.code} needs an order of at least ${least}`,
  );
}

/** The discount a coupon gives on a subtotal, or a PricingError when the order is too small. */
export function couponDiscount(coupon: CouponRule, subtotalPaise: number): number {
  const misfit = minOrderShortfall(coupon, subtotalPaise);
  if (misfit) throw misfitError(coupon, misfit);
  const raw = coupon.kind === 'flat' ? coupon.value : Math.floor((subtotalPaise * coupon.value) / 100);
  const capped = coupon.maxDiscountPaise === null ? raw : Math.min(raw, coupon.maxDiscountPaise);
  return Math.max(0, Math.min(capped, subtotalPaise));
}

export function shippingFor(delivery: DeliveryOption, payablePaise: number, rules: ShippingRules = DEFAULT_SHIPPING): number {
  if (delivery === 'express') return rules.expressPaise;
  return payablePaise >= rules.freeShippingAtPaise ? 0 : rules.standardPaise;
}

/**
 * Prices an order: subtotal, coupon discount (shared out over the lines in its scope in proportion
 * to their value, the last of them taking the rounding), shipping, total, and the GST of every line split
 * into CGST + SGST when it ships within the seller's state, IGST otherwise.
 */
export function priceOrder(input: {
  lines: PricedLineInput[];
  deliveryState: string;
  delivery: DeliveryOption;
  coupon?: CouponRule | null;
  /** The shop's delivery charges (the defaults when absent). */
  shipping?: ShippingRules;
}): PricedOrder {
  if (input.lines.length === 0) throw new PricingError('BAD_LINE', 'The order has no items');
  for (const line of input.lines) {
    if (!Number.isInteger(line.unitPricePaise) || line.unitPricePaise <= 0 || !Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new PricingError('BAD_LINE', 'Every line needs a positive whole price and quantity');
    }
  }
  const totals = input.lines.map((l) => l.unitPricePaise * l.quantity);
  const subtotalPaise = totals.reduce((a, b) => a + b, 0);
  // A scoped coupon counts (for its minimum) and discounts only the lines in its scope.
  const coupon = input.coupon ?? null;
  const misfit = coupon ? couponMisfit(coupon, input.lines) : null;
  if (coupon && misfit) throw misfitError(coupon, misfit);
  const eligible = input.lines.map((l) => (coupon ? inCouponScope(coupon, l) : false));
  const eligiblePaise = totals.reduce((sum, t, i) => (eligible[i] ? sum + t : sum), 0);
  const discountPaise = coupon ? couponDiscount(coupon, eligiblePaise) : 0;
  const lastEligible = eligible.lastIndexOf(true);

  let discountLeft = discountPaise;
  const lines = input.lines.map((line, i): PricedLine => {
    const lineTotal = totals[i]!;
    const share = !eligible[i] ? 0 : i === lastEligible ? discountLeft : Math.floor((discountPaise * lineTotal) / eligiblePaise);
    discountLeft -= share;
    const gstRateBp = line.gstRateBp ?? PRICING.gstRateBp[line.category];
    const intra = line.sellerState === input.deliveryState;
    return { lineTotalPaise: lineTotal, discountPaise: share, gstRateBp, ...splitGst(lineTotal - share, gstRateBp, intra) };
  });

  const payable = subtotalPaise - discountPaise;
  const shippingPaise = shippingFor(input.delivery, payable, input.shipping);
  const sum = (key: 'cgstPaise' | 'sgstPaise' | 'igstPaise') => lines.reduce((n, l) => n + l[key], 0);
  const cgstPaise = sum('cgstPaise');
  const sgstPaise = sum('sgstPaise');
  const igstPaise = sum('igstPaise');
  return {
    lines,
    subtotalPaise,
    discountPaise,
    shippingPaise,
    totalPaise: payable + shippingPaise,
    gstPaise: cgstPaise + sgstPaise + igstPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    intraState: igstPaise === 0,
  };
}

/** The money columns an order keeps: its totals and GST parts, without the lines. */
export function orderTotalsOf(priced: PricedOrder) {
  const { subtotalPaise, discountPaise, shippingPaise, totalPaise, gstPaise, cgstPaise, sgstPaise, igstPaise } = priced;
  return { subtotalPaise, discountPaise, shippingPaise, totalPaise, gstPaise, cgstPaise, sgstPaise, igstPaise };
}

/** An order line as a refund of some of its units reads it: its price, its share of the coupon, its units. */
export interface RefundableLine {
  lineTotalPaise: number;
  /** The line's share of the order's coupon discount, for all its units. */
  discountPaise: number;
  quantity: number;
}

/**
 * What cancelling or refunding `units` of an order line gives the customer back: the line's price
 * after its share of the coupon, pro rata, rounded half up to the paisa. The server refunds (and
 * credits, and collects less on delivery) by this; a dialog estimates with it, so the two agree.
 */
export function lineRefundPaise(line: RefundableLine, units: number): number {
  return Math.round(((line.lineTotalPaise - line.discountPaise) * units) / line.quantity);
}

/** Cash on delivery: within the limit and where couriers collect cash (the PIN code's zone). */
export function codAllowed(totalPaise: number, pinAllowsCod: boolean, limitPaise: number = PRICING.codLimitPaise): boolean {
  return pinAllowsCod && totalPaise <= limitPaise;
}
