import { createHash } from 'node:crypto';
import { configurationName } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { deliveryZone } from '~/shared/delivery';
import { formatPaise } from '~/shared/money';
import { overLimitMessage, quantityLimitsOf } from '~/shared/quantity-limits';
import {
  codAllowed,
  priceOrder,
  type CouponRule,
  type DeliveryOption,
  type PricedLineInput,
  type PricedOrder,
  type ShippingRules,
} from '~/shared/pricing';
import type { OrderLineInput, PlaceOrderInput } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import type { AddressSnapshot } from '../orders/order-record';
import type { InventoryService, ProductForCheckout } from '../catalogue/inventory.service';

/**
 * The checkout's rules that need no service: merging and checking the cart's lines, pricing them from
 * the database, cash on delivery, the address as the order keeps it, and the request digest of an
 * idempotency key.
 */
/** Unpaid orders hold stock; one customer may hold at most this many at a time. */
export const MAX_AWAITING_PAYMENT = 5;

export interface LineProblem {
  productId: string;
  /** The offer the line named (its product's own when it named none). */
  offerId: string;
  name: string | null;
  message: string;
  available: number;
}

export interface PricedCart {
  /** `quotedUnitPricePaise`: the line pays a seller's answered quote (decision 77), at that price, not the offer's. */
  lines: { product: ProductForCheckout; quantity: number; quotedUnitPricePaise?: number }[];
  problems: LineProblem[];
}

/** How a cart is bought (decision 77): as a business (its higher limits), and the one line a quote prices. */
export interface CartTerms {
  asBusiness?: boolean;
  quoted?: { productId: string; offerId: string; quantity: number; unitPricePaise: number };
}

/** The unit price a line is charged: the quote's when it pays one, else the offer's (read from the database). */
export const unitPriceOf = (line: PricedCart['lines'][number]): number => line.quotedUnitPricePaise ?? line.product.price_paise;

/** The offer a line buys: the one it names, or its product's own (which has the product's id, decision 70). */
export const offerOf = (line: Pick<OrderLineInput, 'productId' | 'offerId'>): string => line.offerId ?? line.productId;

/** The same offer twice in a request counts once, with the quantities added (a line naming its product's own offer is that offer). */
export function mergeLines(items: OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const item of items) {
    const key = `${item.productId}\u0000${offerOf(item)}`;
    const before = merged.get(key);
    merged.set(key, before ? { ...before, quantity: before.quantity + item.quantity } : { ...item });
  }
  // Written as before when a line names its product's own offer, so an idempotency key's digest stays the same.
  return [...merged.values()].map(({ productId, offerId, quantity }) =>
    offerId === undefined || offerId === productId ? { productId, quantity } : { productId, offerId, quantity },
  );
}

/**
 * What stands in the way of buying `quantity` of a line: not for sale, out of stock, above the product's limit for
 * the buyer (`limitFor`: 'consumer' or 'business'; none for a quoted line or a check after the limits passed), or
 * short of stock.
 */
export function problemOf(
  line: Pick<OrderLineInput, 'productId' | 'offerId'>,
  product: ProductForCheckout | undefined,
  quantity: number,
  limitFor?: 'consumer' | 'business',
): LineProblem | null {
  const key = { productId: line.productId, offerId: offerOf(line) };
  // An offer of another product than the line says is no offer of it.
  if (!product || !product.on_sale || product.id !== line.productId) {
    return { ...key, name: product?.name ?? null, message: 'This product is no longer for sale.', available: 0 };
  }
  const name = configurationName(product.name, product.variant_options, product.option_keys);
  if (product.stock <= 0) return { ...key, name, message: `${name} is out of stock.`, available: 0 };
  if (limitFor) {
    const limits = quantityLimitsOf(product.max_consumer_quantity, product.max_business_quantity);
    const limit = limits[limitFor];
    if (quantity > limit)
      return { ...key, name, message: overLimitMessage(name, limits, limitFor === 'business'), available: Math.min(limit, product.stock) };
  }
  if (product.stock < quantity)
    return { ...key, name, message: `Only ${product.stock} of ${name} left in stock.`, available: product.stock };
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
    items: mergeLines(input.items).sort((a, b) => a.productId.localeCompare(b.productId) || offerOf(a).localeCompare(offerOf(b))),
    addressId: input.addressId,
    delivery: input.delivery,
    paymentMethod: input.paymentMethod,
    emiTenureMonths: input.emiTenureMonths ?? null,
    couponCode: input.couponCode ?? null,
    // Only when buying for a business, so the digests of consumers' requests stay as they were.
    ...(input.businessId === undefined ? {} : { businessId: input.businessId }),
    ...(input.quoteId === undefined ? {} : { quoteId: input.quoteId }),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * A line naming a product an admin merged into another (decision 70) buys the same offer, which moved with its
 * configuration to the product kept: the line names that product and the offer (none when it is the kept one's own).
 */
export function asListedNow(line: OrderLineInput, moved: ReadonlyMap<string, { into: string }>): OrderLineInput {
  const into = moved.get(line.productId)?.into;
  if (!into) return line;
  const offerId = offerOf(line);
  return offerId === into ? { productId: into, quantity: line.quantity } : { productId: into, offerId, quantity: line.quantity };
}

/** The cart's lines priced from the database (through the catalogue's inventory), and what stands in their way. */
export async function readCart(
  inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'>,
  tx: Executor,
  items: OrderLineInput[],
  terms: CartTerms = {},
): Promise<PricedCart> {
  // Lines of a merged duplicate are read as the product kept, then counted with its lines of the same offer.
  const moved = await inventory.mergedProducts([...new Set(items.map((i) => i.productId))], tx);
  const merged = mergeLines(moved.size === 0 ? items : items.map((i) => asListedNow(i, moved)));
  const offers = new Map((await inventory.productsForCheckout([...new Set(merged.map(offerOf))], tx)).map((p) => [p.offer_id, p]));
  const lines: PricedCart['lines'] = [];
  const problems: LineProblem[] = [];
  const { quoted } = terms;
  for (const line of merged) {
    const product = offers.get(offerOf(line));
    // The quoted line is the quote's exception to the limit, at its quantity and price.
    const isQuoted = quoted !== undefined && line.productId === quoted.productId && offerOf(line) === quoted.offerId;
    const problem = problemOf(line, product, line.quantity, isQuoted ? undefined : terms.asBusiness ? 'business' : 'consumer');
    if (problem) problems.push(problem);
    else lines.push({ product: product!, quantity: line.quantity, ...(isQuoted ? { quotedUnitPricePaise: quoted.unitPricePaise } : {}) });
  }
  return { lines, problems };
}

/** The cart's lines as the pricing reads them. */
export function pricingLines(lines: PricedCart['lines']): PricedLineInput[] {
  return lines.map((l) => ({
    unitPricePaise: unitPriceOf(l),
    quantity: l.quantity,
    category: l.product.category as Category,
    gstRateBp: l.product.gst_rate_bp,
    sellerState: l.product.seller_state,
    vendorId: l.product.vendor_id,
  }));
}

export function priceLines(
  lines: PricedCart['lines'],
  deliveryState: string,
  delivery: DeliveryOption,
  coupon: CouponRule | null,
  shipping: ShippingRules,
): PricedOrder {
  return priceOrder({
    lines: pricingLines(lines),
    deliveryState,
    delivery,
    coupon,
    shipping,
  });
}

/** `courierCollects`: whether a courier collects the cash at the PIN (decision 80); the PIN's zone in the table when not given. */
export function codVerdict(
  totalPaise: number,
  pinCode: string | null,
  limitPaise: number,
  courierCollects?: boolean,
): { allowed: boolean; reason: string | null } {
  if (limitPaise === 0) return { allowed: false, reason: 'Cash on delivery is not offered at the moment; please pay online.' };
  if (totalPaise > limitPaise) {
    return { allowed: false, reason: `Cash on delivery is available for orders up to ${formatPaise(limitPaise)}.` };
  }
  if (pinCode === null) return { allowed: true, reason: null };
  const zone = deliveryZone(pinCode);
  if (!zone || !codAllowed(totalPaise, courierCollects ?? zone.cod, limitPaise))
    return { allowed: false, reason: `Couriers do not collect cash at PIN code ${pinCode}; please pay online.` };
  return { allowed: true, reason: null };
}
