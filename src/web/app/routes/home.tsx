import { BadgeIndianRupee, Building2, Laptop, Monitor, PcCase, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES, SHOP, type Category } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { HeroIllustration } from '~/web/components/ui/hero-illustration';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const CATEGORY_ICONS: Record<Category, typeof Laptop> = { Laptop, Desktop: PcCase, Monitor };
const CATEGORY_BLURBS: Record<Category, string> = {
  Laptop: 'Thin-and-light, business and gaming laptops',
  Desktop: 'Office towers, all-in-ones and custom builds',
  Monitor: 'Full HD to 4K, office, design and gaming panels',
};

const PROMISES = [
  { icon: BadgeIndianRupee, title: 'Pay your way', text: 'Credit/debit cards, net banking, UPI and easy EMI.' },
  { icon: RotateCcw, title: 'Easy returns', text: 'Return within 7 days of delivery if it is not right.' },
  { icon: ShieldCheck, title: 'GST invoice', text: 'Every order comes with a GST invoice for input credit.' },
  { icon: Truck, title: 'Delivered across India', text: 'Insured shipping to every serviceable PIN code.' },
  { icon: Building2, title: `Since ${SHOP.tradingSince}`, text: 'Stores in Pune and Navi Mumbai you can walk into.' },
];

export default function HomePage() {
  useDocumentTitle(undefined);
  return (
    <div className="space-y-14">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-12 text-white sm:px-12 sm:py-16">
        <HeroIllustration className="absolute top-1/2 right-10 hidden w-[22rem] -translate-y-1/2 lg:block" />
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">Pune · Navi Mumbai · all of India</p>
        <h1 className="mt-3 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{SHOP.tagline}</h1>
        <p className="mt-4 max-w-xl text-brand-100">
          Genuine products with GST invoices and manufacturer warranty, from a shop that has looked after computer buyers since {SHOP.tradingSince}.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={paths.products} variant="accent" size="lg">
            Browse products
          </ButtonLink>
          <ButtonLink to={paths.contact} size="lg" className="border border-white/40 bg-transparent hover:bg-white/10">
            Ask an expert
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold text-slate-900">
          Shop by category
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-3">
          {CATEGORIES.map((c) => {
            const Icon = CATEGORY_ICONS[c];
            return (
              <li key={c}>
                <Link
                  to={paths.category(c)}
                  className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow"
                >
                  <Icon aria-hidden="true" className="size-10 shrink-0 text-brand-600" />
                  <span>
                    <span className="block text-lg font-semibold text-slate-900">{CATEGORY_LABELS[c]}</span>
                    <span className="block text-sm text-slate-600">{CATEGORY_BLURBS[c]}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <Alert tone="info" className="mt-5" title="Our online catalogue is being set up">
          Products appear here as we and our vendors list them. Until then, call {SHOP.phone} or visit our Pune and Navi Mumbai stores for prices and stock.
        </Alert>
      </section>

      <section aria-labelledby="promises-heading">
        <h2 id="promises-heading" className="text-2xl font-bold text-slate-900">
          Why buy from us
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-5">
              <Icon aria-hidden="true" className="size-7 text-brand-600" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
