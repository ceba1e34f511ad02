import { BadgeIndianRupee, RotateCcw, ShieldCheck } from 'lucide-react';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { HeroIllustration } from '~/web/components/ui/hero-illustration';
import { useAcceptedPaymentMethods, useReturnWindowDays } from '~/web/lib/shop-settings';

/** The page's first screen. Its picture is an inline drawing, so nothing waits on the network. */
export function HomeHero() {
  // What the shop's settings decide: the return window, and cash on delivery unless it is turned off.
  const returnDays = useReturnWindowDays();
  const cod = useAcceptedPaymentMethods().methods.some((m) => m.method === 'cod');
  const HIGHLIGHTS = [
    { icon: ShieldCheck, text: 'GST invoice on every order' },
    { icon: RotateCcw, text: `${returnDays}-day returns` },
    { icon: BadgeIndianRupee, text: cod ? 'UPI, cards, EMI and cash on delivery' : 'UPI, cards and EMI' },
  ];
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-5 py-8 text-white sm:px-12 sm:py-16"
    >
      <HeroIllustration className="absolute top-1/2 right-10 hidden w-[22rem] -translate-y-1/2 lg:block" />
      <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">Pune · Navi Mumbai · all of India</p>
      <h1 id="hero-heading" className="mt-3 max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        {SHOP.tagline}
      </h1>
      <p className="mt-4 max-w-xl text-brand-100">
        Genuine products with GST invoices and manufacturer warranty, from a shop that has looked after computer buyers since{' '}
        {SHOP.tradingSince}.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={paths.products} variant="accent" size="lg">
          Browse products
        </ButtonLink>
        <ButtonLink to={paths.contact} size="lg" className="border border-white/40 bg-transparent hover:bg-white/10">
          Ask an expert
        </ButtonLink>
      </div>
      {/* On a phone the same promises are further down ("Why buy from us"); the first screen stays short. */}
      <ul className="mt-8 hidden max-w-2xl flex-wrap gap-x-5 gap-y-2 text-sm text-brand-50 sm:flex">
        {HIGHLIGHTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-1.5">
            <Icon aria-hidden="true" className="size-4 text-accent-300" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
