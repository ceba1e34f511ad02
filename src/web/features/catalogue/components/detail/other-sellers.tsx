import { ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { BUY_BOX_RULE } from '~/shared/buy-box';
import { formatPaise } from '~/shared/money';
import type { ProductOffer } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';
import { SellerDetailsDisclosure } from './seller-details';

/** "Dispatched today", "Dispatched in 2 days": when the seller hands the parcel to the courier. */
export function dispatchText(days: number): string {
  if (days === 0) return 'Dispatched today';
  return `Dispatched in ${days} ${days === 1 ? 'day' : 'days'}`;
}

function conditionText(offer: ProductOffer): string {
  return offer.condition === 'new' ? 'New' : `Refurbished, grade ${offer.grade ?? '—'}`;
}

function deliveryText(offer: ProductOffer): string {
  return offer.deliveryPaise === 0 ? 'Free delivery' : `+ ${formatPaise(offer.deliveryPaise)} delivery`;
}

/** What the page says of the winning seller's offer beyond "Sold by": dispatch, delivery and condition. */
export function offerFacts(offer: ProductOffer): string {
  return [dispatchText(offer.dispatchDays), deliveryText(offer), conditionText(offer)].join(' · ');
}

/** How the seller shown first is chosen, under the sellers of a product sold by several or in several configurations. */
export function BuyBoxRule() {
  return (
    <details className="text-xs text-slate-600">
      <summary className="cursor-pointer font-medium text-slate-700">How the seller shown is chosen</summary>
      <p className="mt-1">{BUY_BOX_RULE}</p>
    </details>
  );
}

/**
 * "2 more sellers from ₹67,990.00": the other sellers of the configuration, in the buy box's order, each
 * with price, delivery, dispatch, condition and on-time record where there is one, and an Add to cart that
 * buys from that seller (the cart keeps the offer, decision 70).
 */
export function OtherSellers({
  offers,
  onAdd,
  returnTerms,
}: {
  offers: readonly ProductOffer[];
  onAdd: (offer: ProductOffer) => void;
  /** The shop's return terms, shown with each seller's details (decision 73). */
  returnTerms?: string;
}) {
  const headingId = useId();
  if (offers.length === 0) return null;
  const from = Math.min(...offers.map((o) => o.pricePaise));
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {offers.length} more {offers.length === 1 ? 'seller' : 'sellers'} from {formatPaise(from)}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {offers.map((offer) => (
          <li key={offer.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{formatPaise(offer.pricePaise)}</p>
              <p className="text-sm text-slate-700">
                {offer.seller.name}, {offer.seller.city}
                {offer.sellerOnTime !== null ? ` · ${Math.round(offer.sellerOnTime * 100)}% dispatched on time` : ''}
              </p>
              <p className="text-xs text-slate-600">{offerFacts(offer)}</p>
              {returnTerms && offer.sellerDetails ? <SellerDetailsDisclosure offer={offer} returnTerms={returnTerms} /> : null}
            </div>
            <Button variant="secondary" size="sm" aria-label={`Add to cart from ${offer.seller.name}`} onClick={() => onAdd(offer)}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              Add to cart
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
