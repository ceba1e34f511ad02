import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { SHOP } from '~/shared/constants';
import { cn } from '~/web/components/ui/cn';

export const WHATSAPP_HREF = `https://wa.me/${SHOP.whatsapp.replace(/\D/g, '')}`;

function mapsHref(store: (typeof SHOP.stores)[number]) {
  const query = [SHOP.name, ...store.lines, store.cityLine].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The walk-in stores with address, hours and a directions link, one card each. */
export function StoreCards({ className = 'sm:grid-cols-2' }: { className?: string }) {
  return (
    <ul className={cn('grid grid-cols-1 gap-4', className)}>
      {SHOP.stores.map((store) => (
        <li key={store.city} className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold text-slate-900">{store.city}</h3>
          <p className="text-sm font-medium text-brand-700">{store.label}</p>
          <address className="mt-3 flex gap-2 text-sm text-slate-700 not-italic">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>
              {SHOP.name}
              {store.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <span className="block">{store.cityLine}</span>
            </span>
          </address>
          <p className="mt-2 flex gap-2 text-sm text-slate-700">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>{SHOP.hours}</span>
          </p>
          <a
            href={mapsHref(store)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Get directions to our {store.city} store<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Channel({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <span aria-hidden="true" className="text-brand-600 [&_svg]:size-5">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-600">{label}</span>
        <span className="block font-semibold break-words text-slate-900">{children}</span>
      </span>
    </li>
  );
}

/** Phone, WhatsApp, e-mail and opening hours. */
export function ContactChannels() {
  const linkClass = 'text-brand-700 underline hover:text-brand-800';
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1.4fr)]">
      <Channel icon={<Phone />} label="Call us">
        <a href={SHOP.phoneHref} className={linkClass}>
          {SHOP.phone}
        </a>
      </Channel>
      <Channel icon={<MessageCircle />} label="WhatsApp">
        <a href={WHATSAPP_HREF} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {SHOP.whatsapp}
          <span className="sr-only"> (opens WhatsApp in a new tab)</span>
        </a>
      </Channel>
      <Channel icon={<Mail />} label="E-mail">
        <a href={`mailto:${SHOP.supportEmail}`} className={linkClass}>
          {SHOP.supportEmail}
        </a>
      </Channel>
      <Channel icon={<Clock />} label="Hours">
        {SHOP.hours}
      </Channel>
    </ul>
  );
}
