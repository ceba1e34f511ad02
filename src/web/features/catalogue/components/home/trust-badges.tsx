import { BadgeIndianRupee, Building2, FileText, RotateCcw, Store, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useAcceptedPaymentMethods, useReturnWindowDays } from '~/web/lib/shop-settings';

const storeCities = SHOP.stores.map((s) => s.city).join(' and ');

/** The badges, with what the shop's settings decide (payment methods, the return window). */
function badges(
  payment: ReturnType<typeof useAcceptedPaymentMethods>,
  returnDays: number,
): { icon: typeof Store; title: string; body: ReactNode }[] {
  return [
    {
      icon: BadgeIndianRupee,
      title: 'Pay your way',
      body: (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Payment methods">
          {payment.methods.map((m) => (
            <li key={m.method} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
              {m.name}
            </li>
          ))}
        </ul>
      ),
    },
    {
      icon: RotateCcw,
      title: `${returnDays}-day returns`,
      body: (
        <>
          Return it within {returnDays} days of delivery if it is not right.{' '}
          <Link to={paths.returns} className="font-semibold text-brand-700 underline">
            Returns policy
          </Link>
        </>
      ),
    },
    { icon: FileText, title: 'GST invoice', body: 'Every order comes with a GST invoice, so businesses can claim input tax credit.' },
    {
      icon: Truck,
      title: 'Delivered across India',
      body: 'Insured shipping to every serviceable PIN code, from our stores and our vendors.',
    },
    {
      icon: Building2,
      title: `Trading since ${SHOP.tradingSince}`,
      body: `${SHOP.name} has sold and serviced computers since ${SHOP.tradingSince}.`,
    },
    {
      icon: Store,
      title: `Stores in ${storeCities}`,
      body: (
        <>
          Walk in to see a laptop before you buy, or for service.{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 underline">
            Addresses and hours
          </Link>
        </>
      ),
    },
  ];
}

/** Why buy here: payment methods, returns, GST invoice, delivery, years of trading, the two stores. */
export function TrustBadges() {
  const payment = useAcceptedPaymentMethods();
  const returnDays = useReturnWindowDays();
  return (
    <section aria-labelledby="trust-heading">
      <h2 id="trust-heading" className="text-2xl font-bold text-slate-900">
        Why buy from us
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {badges(payment, returnDays).map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <Icon aria-hidden="true" className="size-7 shrink-0 text-brand-600" />
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <div className="mt-1 text-sm text-slate-600">{body}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
