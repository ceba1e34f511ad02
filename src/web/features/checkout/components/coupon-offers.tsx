import { useId } from 'react';
import { formatPaise } from '~/shared/money';
import type { CartOffer } from '~/shared/schemas/coupons';
import { Button } from '~/web/components/ui/button';
import { formatDate } from '~/web/lib/format';

interface CouponOffersProps {
  offers: CartOffer[];
  /** The code applied to the order now, if any. */
  appliedCode: string | null;
  /** The code being checked now, if any. */
  pending: string | null;
  onApply: (code: string) => void;
}

/**
 * The offers open now in two groups: those this cart can use, each with Apply, then those it cannot,
 * greyed, each with the reason in words and no Apply (an offer that would fail is never offered).
 */
export function CouponOffers({ offers, appliedCode, pending, onApply }: CouponOffersProps) {
  const usableId = useId();
  const otherId = useId();
  const usable = offers.filter((o) => o.applicable);
  const others = offers.filter((o) => !o.applicable);
  return (
    <div className="space-y-3">
      {usable.length > 0 && (
        <div>
          <h4 id={usableId} className="text-sm font-medium text-slate-800">
            Offers you can use
          </h4>
          <ul aria-labelledby={usableId} className="mt-2 divide-y divide-slate-200 text-sm">
            {usable.map((offer) => {
              const applied = appliedCode === offer.code;
              return (
                <li key={offer.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0 flex-1 break-words">
                    <p>
                      <code className="font-semibold text-slate-900">{offer.code}</code> · {offer.description}
                    </p>
                    <p className="text-xs text-slate-600">
                      {offer.scope ? `${offer.scope} · ` : ''}
                      {offer.minOrderPaise > 0 ? `On orders of ${formatPaise(offer.minOrderPaise)} or more` : 'On any order'}
                      {offer.expiresAt ? ` · until ${formatDate(offer.expiresAt)}` : ''}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onApply(offer.code)}
                    loading={pending === offer.code}
                    disabled={applied}
                    aria-label={`${applied ? 'Applied' : 'Apply'} ${offer.code}`}
                  >
                    {applied ? 'Applied' : 'Apply'}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {others.length > 0 && (
        <div>
          <h4 id={otherId} className="text-sm font-medium text-slate-700">
            Not for this cart
          </h4>
          <ul aria-labelledby={otherId} className="mt-2 divide-y divide-slate-200 text-sm text-slate-600">
            {others.map((offer) => (
              <li key={offer.code} data-testid="offer-not-applicable" className="py-2">
                <div className="min-w-0 break-words">
                  <p>
                    <code className="font-semibold text-slate-700">{offer.code}</code> · {offer.description}
                  </p>
                  <p className="text-xs text-slate-700">
                    <span className="sr-only">Not for this cart: </span>
                    {offer.reason}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
