import { shippingFor, type ShippingRules } from './pricing';

/** What the buy box knows of one seller's offer of a variant (decision 70). */
export interface BuyBoxOffer {
  id: string;
  pricePaise: number;
  stock: number;
  dispatchDays: number;
  status: 'active' | 'paused';
  condition: 'new' | 'refurbished';
  /** The seller may sell: approved and not suspended. */
  sellerActive: boolean;
  /** The seller's share of lines dispatched on time over the last 90 days (0–1); null for a seller with none yet. */
  sellerOnTime: number | null;
  /** When the offer was made (ISO 8601). */
  createdAt: string;
}

/** Why an offer cannot be bought, in the customer's words; null when it can. */
export function unavailableBecause(offer: BuyBoxOffer): string | null {
  if (!offer.sellerActive) return 'This seller is not selling at the moment.';
  if (offer.status !== 'active') return 'This seller has paused this offer.';
  if (offer.stock <= 0) return 'Out of stock with this seller.';
  return null;
}

/** The price a customer pays for one unit delivered by standard delivery: the price and its delivery charge. */
export function deliveredPricePaise(offer: Pick<BuyBoxOffer, 'pricePaise'>, shipping?: ShippingRules): number {
  return offer.pricePaise + shippingFor('standard', offer.pricePaise, shipping);
}

/**
 * The order in which offers compete (the rule the product page shows, as rule 5(3) of the Consumer
 * Protection (E-Commerce) Rules 2020 asks): new before refurbished; then the lowest delivered price;
 * then fewer days to dispatch; then the seller more often on time (a seller with no record yet after
 * those with one); then the older offer.
 */
export function compareOffers(a: BuyBoxOffer, b: BuyBoxOffer, shipping?: ShippingRules): number {
  return (
    Number(a.condition !== 'new') - Number(b.condition !== 'new') ||
    deliveredPricePaise(a, shipping) - deliveredPricePaise(b, shipping) ||
    a.dispatchDays - b.dispatchDays ||
    (b.sellerOnTime ?? -1) - (a.sellerOnTime ?? -1) ||
    a.createdAt.localeCompare(b.createdAt) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The buy box of a variant: the winning offer among those that can be bought (null when none can),
 * the other buyable offers in the same order ("N more sellers from ₹…"), and those that cannot be
 * bought with the reason.
 */
export function buyBox<T extends BuyBoxOffer>(
  offers: readonly T[],
  shipping?: ShippingRules,
): { winner: T | null; others: T[]; unavailable: { offer: T; reason: string }[] } {
  const buyable = offers.filter((o) => unavailableBecause(o) === null).sort((a, b) => compareOffers(a, b, shipping));
  const unavailable = offers.flatMap((offer) => {
    const reason = unavailableBecause(offer);
    return reason ? [{ offer, reason }] : [];
  });
  return { winner: buyable[0] ?? null, others: buyable.slice(1), unavailable };
}

/**
 * The rule in the customer's words, as the product page shows it beside the seller it chose (rule 5(3) of
 * the Consumer Protection (E-Commerce) Rules 2020: the main parameters of ranking). Follows `compareOffers`.
 */
export const BUY_BOX_RULE =
  'The seller shown first is chosen among those who can sell now: a new unit before a refurbished one, then the lowest price with standard delivery, then fewer days to dispatch, then the seller more often on time over the last 90 days, then the older offer. No seller pays for this place, and our own store competes by the same rule.';
