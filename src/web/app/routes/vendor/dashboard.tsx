import { useQuery } from '@tanstack/react-query';
import { Clock, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { SHOP } from '~/shared/constants';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { Badge } from '~/web/components/ui/badge';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { formatDate, formatMobile } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const STATUS: Record<VendorProfile['status'], { label: string; tone: 'warning' | 'success' | 'danger' | 'neutral' }> = {
  pending: { label: 'Awaiting approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Not approved', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'neutral' },
};

function StatusMessage({ vendor }: { vendor: VendorProfile }) {
  switch (vendor.status) {
    case 'pending':
      return (
        <Alert tone="warning" title="Your vendor account awaits approval">
          We registered {vendor.businessName} on {formatDate(vendor.createdAt)}. Our team checks every new vendor, usually within two
          working days, and you can list products once approved.
        </Alert>
      );
    case 'approved':
      return (
        <Alert tone="success" title="Your vendor account is approved">
          You were approved on {vendor.decidedAt ? formatDate(vendor.decidedAt) : 'an earlier date'}. Product listing, orders and payouts
          appear on this dashboard as they open; nothing is listed under your business yet.
        </Alert>
      );
    case 'rejected':
      return (
        <Alert tone="error" title="Your vendor application was not approved">
          Please write to {SHOP.supportEmail} if you would like us to review it again.
        </Alert>
      );
    case 'suspended':
      return (
        <Alert tone="error" title="Your vendor account is suspended">
          Please contact {SHOP.supportEmail}.
        </Alert>
      );
  }
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

export default function VendorDashboardPage() {
  useDocumentTitle('Vendor dashboard');
  const { data: vendor, isPending, isError, error, refetch } = useQuery(ownVendorQueryOptions);
  return (
    <div>
      <PageHeader title="Vendor dashboard" description={vendor ? vendor.businessName : undefined} />
      {isPending && <ListSkeleton rows={3} label="Loading your vendor account" />}
      {isError && <ErrorState title="Could not load your vendor account" error={error} onRetry={() => void refetch()} />}
      {vendor && (
        <div className="space-y-6">
          <StatusMessage vendor={vendor} />
          <section aria-labelledby="business-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <div className="flex items-center justify-between gap-3">
              <h2 id="business-heading" className="flex items-center gap-2 text-lg font-semibold">
                <Store aria-hidden="true" className="size-5 text-brand-600" /> Business details
              </h2>
              <Badge tone={STATUS[vendor.status].tone}>
                {vendor.status === 'pending' && <Clock aria-hidden="true" className="mr-1 size-3" />}
                {STATUS[vendor.status].label}
              </Badge>
            </div>
            <dl className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              <Detail label="Business name">{vendor.businessName}</Detail>
              <Detail label="Mobile">{formatMobile(vendor.mobile)}</Detail>
              <Detail label="GSTIN">{vendor.gstin ?? 'Not given'}</Detail>
              <Detail label="Pickup city">{vendor.pickupCity}</Detail>
              <Detail label="State">{vendor.pickupState}</Detail>
              <Detail label="PIN code">{vendor.pickupPinCode}</Detail>
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}
