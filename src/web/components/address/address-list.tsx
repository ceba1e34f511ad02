import type { ReactNode } from 'react';
import type { Address } from '~/shared/schemas/address';
import { Badge } from '~/web/components/ui/badge';
import { Skeleton } from '~/web/components/ui/feedback';
import { formatMobile } from '~/web/lib/format';

/** One address as it appears on a label, for lists and order summaries. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="text-sm leading-6 text-slate-700 not-italic">
      {address.line1}
      <br />
      {address.line2 && (
        <>
          {address.line2}
          <br />
        </>
      )}
      {address.city}, {address.state} {address.pinCode}
      <br />
      Mobile: {formatMobile(address.mobile)}
    </address>
  );
}

/** An address as a card with a Default badge; `actions` go at the bottom (edit, delete, choose, ...). */
export function AddressCard({
  address,
  actions,
  headingLevel = 'h3',
}: {
  address: Address;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      aria-label={`${address.fullName}, ${address.line1}${address.isDefault ? ' (default)' : ''}`}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-start justify-between gap-2">
        <Heading className="font-semibold text-slate-900">{address.fullName}</Heading>
        {address.isDefault && <Badge tone="brand">Default</Badge>}
      </div>
      <AddressLines address={address} />
      {actions && <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div>}
    </article>
  );
}

/** The address book as a grid of cards; `actionsFor` gives each card its buttons. */
export function AddressList({ addresses, actionsFor }: { addresses: readonly Address[]; actionsFor?: (address: Address) => ReactNode }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Saved addresses">
      {addresses.map((address) => (
        <li key={address.id}>
          <AddressCard address={address} actions={actionsFor?.(address)} />
        </li>
      ))}
    </ul>
  );
}

export function AddressListSkeleton({ label = 'Loading your addresses' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2">
      {Array.from({ length: 2 }, (_, i) => (
        <Skeleton key={i} className="h-40 w-full" />
      ))}
    </div>
  );
}
