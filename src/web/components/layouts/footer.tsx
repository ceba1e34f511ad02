import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORIES, SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useAcceptedPaymentMethods } from '~/web/lib/shop-settings';
import { SocialIcon } from '../ui/social-icons';
import { CATEGORY_LABELS } from './navigation';

const QUICK_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'All products', to: paths.products },
  ...CATEGORIES.map((c) => ({ label: CATEGORY_LABELS[c], to: paths.category(c) })),
  { label: 'About us', to: paths.about },
];

const SERVICE_LINKS = [
  { label: 'Contact us', to: paths.contact },
  { label: 'My orders', to: paths.orders },
  { label: 'Returns & Refunds', to: paths.returns },
  { label: 'Grievance officer', to: paths.grievanceOfficer },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Terms & Conditions', to: paths.terms },
  { label: 'Sell with us', to: paths.vendor.register },
];

function LinkColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-brand-100 hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const head = SHOP.stores[0];
  const payment = useAcceptedPaymentMethods();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <LinkColumn title="Quick links" links={QUICK_LINKS} />
        <LinkColumn title="Customer service" links={SERVICE_LINKS} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact us</h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {SHOP.name}
                <br />
                {head.lines.map((l) => (
                  <span key={l}>
                    {l}
                    <br />
                  </span>
                ))}
                {head.cityLine}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={SHOP.phoneHref} className="hover:text-white hover:underline">
                {SHOP.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${SHOP.supportEmail}`} className="hover:text-white hover:underline">
                {SHOP.supportEmail}
              </a>
            </p>
            <p className="text-brand-200">{SHOP.hours}</p>
          </address>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">We accept</h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Payment methods">
            {payment.methods.map((m) => (
              <li key={m.method} className="rounded border border-brand-600 bg-brand-800 px-2 py-1 text-xs font-medium text-white">
                {m.name}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">{payment.sentence}</p>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">Follow us</h2>
          <ul className="mt-3 flex gap-3">
            {SHOP.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="block rounded-full bg-brand-800 p-2 text-white hover:bg-brand-600"
                  aria-label={`${SHOP.name} on ${s.name} (opens in a new tab)`}
                >
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-brand-200">
          © {new Date().getFullYear()} {SHOP.name}. Selling computers across India since {SHOP.tradingSince}. GSTIN {SHOP.gstin}.
        </p>
      </div>
    </footer>
  );
}
