import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SHOP, type VendorStatus } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { ownVendorQueryOptions } from '../api/get-own-vendor';

const REASONS = {
  pending: {
    title: 'You can add products once we approve your account',
    body: 'Our team checks every new vendor, usually within two working days. Meanwhile you can complete your business details and bank account.',
  },
  rejected: {
    title: 'Your vendor application was not approved',
    body: `Products cannot be listed. Please write to ${SHOP.supportEmail} if you would like us to review it again.`,
  },
  suspended: {
    title: 'Your vendor account is suspended',
    body: `Products cannot be added or changed until this is resolved. Please contact ${SHOP.supportEmail}.`,
  },
} as const;

const AFFECTS = {
  products: 'Your products are out of the shop: shoppers cannot find or buy them. ',
  orders: 'Until it is resolved the shop ships, delivers or takes back your open orders: you can read them and print their packing slips. ',
} as const;

type NotSelling = { status: Exclude<VendorStatus, 'approved'>; reason: string | null };

/**
 * Why the vendor may not sell (its products are out of the shop and cannot change), or null while it
 * may, or while its account is still loading (the server refuses a change anyway).
 */
export function useNotSelling(): NotSelling | null {
  const vendor = useQuery(ownVendorQueryOptions);
  const status = vendor.data?.status;
  return status && status !== 'approved' ? { status, reason: vendor.data?.statusReason ?? null } : null;
}

/**
 * Above a vendor's products while it may not sell: why, with the shop's reason, and that its products
 * are out of the shop (a pending vendor has none; a suspended one listed them before).
 */
export function NotSellingAlert({ status, reason, about = 'products' }: NotSelling & { about?: 'products' | 'orders' }) {
  return (
    <Alert tone="warning" title={REASONS[status].title} className="mb-4">
      {status !== 'pending' && AFFECTS[about]}
      {REASONS[status].body}
      {reason && <p className="mt-1">Reason given: {reason}</p>}
    </Alert>
  );
}

/**
 * The product form and the import, for an approved vendor only: another is told why before typing a
 * whole product the server would refuse (the server decides; this spares the work).
 */
export function ListingGate({ children }: { children: ReactNode }) {
  const vendor = useQuery(ownVendorQueryOptions);
  if (vendor.isPending) return <ListSkeleton rows={4} label="Loading your vendor account" />;
  if (vendor.isError)
    return <ErrorState title="Your vendor account could not be loaded" error={vendor.error} onRetry={() => void vendor.refetch()} />;
  if (vendor.data.status === 'approved') return <>{children}</>;
  const reason = REASONS[vendor.data.status];
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={reason.title}>
        {reason.body}
      </Alert>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={paths.vendor.dashboard} variant="secondary">
          Back to the dashboard
        </ButtonLink>
        {vendor.data.status === 'pending' && <ButtonLink to={paths.vendor.profile}>Complete your profile</ButtonLink>}
      </div>
    </div>
  );
}
