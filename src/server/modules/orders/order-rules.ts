import { createHash } from 'node:crypto';
import type { Category } from '~/shared/constants';
import { deliveryZone } from '~/shared/delivery';
import { formatPaise } from '~/shared/money';
import { codAllowed, PRICING, priceOrder, type CouponRule, type DeliveryOption, type PricedOrder } from '~/shared/pricing';
import type { OrderLineInput, PlaceOrderInput } from '~/shared/schemas/orders';
import type { AddressSnapshot } from '../../db/schema/orders';
import { AppError } from '../../http/app-error';
import * as repo from './orders.repo';

/**
 * The rules of placing an order that need no service: merging and checking lines, coupons, pricing
 * from the database, cash on delivery, the request digest for idempotency keys, and the order lock.
 */
export const ORDER_NOT_FOUND = 'We could not find this order in your account.';
/** Unpaid orders hold stock; one customer may hold at most this many at a time. */
export const MAX_AWAITING_PAYMENT = 5;

export type Actor = { role: 'customer' | 'admin' | 'system' | 'vendor'; userId: string | null };

export interface LineProblem {
  productId: string;
  name: string | null;
  message: string;
  available: number;
}

export interface PricedCart {
  products: Map<string, repo.ProductForOrder>;
  lines: { product: repo.ProductForOrder; quantity: number }[];
  problems: LineProblem[];
}

/** Same product twice in a request counts once, with the quantities added. */
export function mergeLines(items: OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export function problemOf(productId: string, product: repo.ProductForOrder | undefined, quantity: number): LineProblem | null {
  if (!product || !product.on_sale) {
    return { productId, name: product?.name ?? null, message: 'This product is no longer for sale.', available: 0 };
  }
  if (product.stock <= 0) return { productId, name: product.name, message: `${product.name} is out of stock.`, available: 0 };
  if (product.stock < quantity) {
    return { productId, name: product.name, message: `Only ${product.stock} of ${product.name} left in stock.`, available: product.stock };
  }
  return null;
}

export function snapshotOf(address: {
  fullName: string;
  mobile: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}): AddressSnapshot {
  const { fullName, mobile, line1, line2, city, state, pinCode } = address;
  return { fullName, mobile, line1, line2, city, state, pinCode };
}

export function requestHash(input: PlaceOrderInput): string {
  const canonical = {
    items: mergeLines(input.items).sort((a, b) => a.productId.localeCompare(b.productId)),
    addressId: input.addressId,
    delivery: input.delivery,
    paymentMethod: input.paymentMethod,
    emiTenureMonths: input.emiTenureMonths ?? null,
    couponCode: input.couponCode ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The `event` field of a webhook body, or undefined when the body is not such JSON. */
export function eventNameOf(rawBody: Buffer): string | undefined {
  try {
    const event = (JSON.parse(rawBody.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

/** Turns a provider failure (network, 5xx) into a clear 503; the provider's own refusals pass through. */
export async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'UNAVAILABLE',
      `The payment provider could not be reached to ${what}. Nothing was changed; please try again in a minute.`,
      {
        cause: error,
      },
    );
  }
}

// ---------- coupons ----------

export async function couponRule(
  tx: repo.Executor,
  rawCode: string,
  userId: string,
  now: Date,
  forUpdate: boolean,
): Promise<{ rule: CouponRule; description: string } | { error: string; code: 'VALIDATION' | 'CONFLICT' }> {
  const code = rawCode.trim().toUpperCase();
  const coupon = await repo.findCoupon(tx, code, forUpdate);
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
}

// ---------- pricing ----------

export async function readCart(tx: repo.Executor, items: OrderLineInput[]): Promise<PricedCart> {
  const merged = mergeLines(items);
  const products = new Map(
    (
      await repo.productsForOrder(
        tx,
        merged.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const lines: PricedCart['lines'] = [];
  const problems: LineProblem[] = [];
  for (const line of merged) {
    const product = products.get(line.productId);
    const problem = problemOf(line.productId, product, line.quantity);
    if (problem) problems.push(problem);
    else lines.push({ product: product!, quantity: line.quantity });
  }
  return { products, lines, problems };
}

export function priceLines(
  lines: PricedCart['lines'],
  deliveryState: string,
  delivery: DeliveryOption,
  coupon: CouponRule | null,
): PricedOrder {
  return priceOrder({
    lines: lines.map((l) => ({
      unitPricePaise: l.product.price_paise,
      quantity: l.quantity,
      category: l.product.category as Category,
      sellerState: l.product.seller_state,
    })),
    deliveryState,
    delivery,
    coupon,
  });
}

export function codVerdict(totalPaise: number, pinCode: string | null): { allowed: boolean; reason: string | null } {
  if (totalPaise > PRICING.codLimitPaise) {
    return { allowed: false, reason: `Cash on delivery is available for orders up to ${formatPaise(PRICING.codLimitPaise)}.` };
  }
  if (pinCode === null) return { allowed: true, reason: null };
  const zone = deliveryZone(pinCode);
  if (!zone || !codAllowed(totalPaise, zone.cod))
    return { allowed: false, reason: `Couriers do not collect cash at PIN code ${pinCode}; please pay online.` };
  return { allowed: true, reason: null };
}

/** The order, locked for this transaction; NOT_FOUND when missing or (with userId) another customer's. */
export async function lockedOrder(tx: repo.Executor, orderId: string, userId?: string): Promise<repo.OrderRow> {
  const order = await repo.findOrder(tx, orderId, { userId, forUpdate: true });
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}
