import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { Alert, ErrorState, ListSkeleton, Skeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { useVendorOrders, useVendorProducts } from '~/web/features/vendor/api/vendor-lists';
import { BusinessDetails } from '~/web/features/vendor/components/business-details';
import { formatCount, formatDate } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

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
          You were approved on {vendor.decidedAt ? formatDate(vendor.decidedAt) : 'an earlier date'}. Your products and your share of orders
          are in this seller centre; adding and editing products, shipping from here and payouts open next.
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

function Figure({ label, value, to, note }: { label: string; value: number | undefined; to: string; note: string }) {
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-1 h-8 w-16" />
      ) : (
        <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</p>
      )}
      <p className="mt-0.5 text-xs text-slate-600">{note}</p>
    </Link>
  );
}

/** How many products are on sale and how many orders wait to be shipped, each a way into its list. */
function SellerFigures() {
  const onSale = useVendorProducts({ status: 'active', pageSize: 1 });
  const toShip = useVendorOrders({ status: 'placed', pageSize: 1 });
  return (
    <section aria-label="Your figures" className="grid gap-3 sm:grid-cols-2">
      <Figure
        label="Products on sale"
        value={onSale.data?.total}
        to={`${paths.vendor.products}?status=active`}
        note="Active listings customers can buy"
      />
      <Figure
        label="Orders to ship"
        value={toShip.data?.total}
        to={`${paths.vendor.orders}?status=placed`}
        note="Confirmed, not handed to a courier yet"
      />
    </section>
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
          {vendor.status === 'approved' && <SellerFigures />}
          <BusinessDetails vendor={vendor} />
        </div>
      )}
    </div>
  );
}
