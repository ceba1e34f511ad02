import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { DASHBOARD_RANGES, type DashboardRange } from '~/shared/schemas/vendor-dashboard';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { BusinessDetails } from '~/web/features/vendor/components/business-details';
import { VerifyEmailBanner } from '~/web/features/auth/components/verify-email-banner';
import { GettingStarted, type SellerSetup } from '~/web/features/vendor-dashboard/getting-started';
import { VendorDashboardPanel } from '~/web/features/vendor-dashboard/vendor-dashboard';
import { vendorProductsQueryOptions } from '~/web/features/vendor-products/api/vendor-products';
import { vendorProfileQueryOptions } from '~/web/features/vendor-profile/api/vendor-profile';
import { formatDate } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

function StatusMessage({ vendor }: { vendor: VendorProfile }) {
  switch (vendor.status) {
    case 'pending':
      return (
        <Alert tone="warning" title="Your vendor account awaits approval">
          We registered {vendor.businessName} on {formatDate(vendor.createdAt)}. Our team checks every new vendor, usually within two
          working days, and you can list products once approved. Your application is below; you can still correct your business details.
        </Alert>
      );
    case 'approved':
      return (
        <Alert tone="success" title="Your vendor account is approved">
          Approved on {vendor.decidedAt ? formatDate(vendor.decidedAt) : 'an earlier date'}: list products, ship orders and follow your
          payouts here.
        </Alert>
      );
    case 'rejected':
      return (
        <Alert tone="error" title="Your vendor application was not approved">
          {vendor.statusReason ? <>The reason we gave: “{vendor.statusReason}”. </> : null}
          Please write to {SHOP.supportEmail} if you would like us to review it again.
        </Alert>
      );
    case 'suspended':
      return (
        <Alert tone="error" title="Your vendor account is suspended">
          {vendor.statusReason ? <>The reason we gave: “{vendor.statusReason}”. </> : null}
          Your products are out of the shop and you can change nothing until this is resolved; you can still read your figures, orders and
          payouts. Please contact {SHOP.supportEmail}.
        </Alert>
      );
  }
}

/** What an approved seller has set up of what selling needs; undefined until known (the checklist then waits). */
function useSellerSetup(approved: boolean): SellerSetup | undefined {
  const profile = useQuery({ ...vendorProfileQueryOptions, enabled: approved });
  const onSale = useQuery({ ...vendorProductsQueryOptions({ status: 'active', pageSize: 1 }), enabled: approved });
  const noneOnSale = onSale.data?.total === 0;
  const drafts = useQuery({ ...vendorProductsQueryOptions({ status: 'draft', pageSize: 1 }), enabled: noneOnSale });
  if (!profile.data || !onSale.data || (noneOnSale && !drafts.data)) return undefined;
  return {
    productOnSale: !noneOnSale,
    drafts: drafts.data?.total ?? 0,
    bankAccount: profile.data.profile.bankAccount !== null,
    pickupStreet: profile.data.profile.pickupLine1 !== null,
  };
}

export default function VendorDashboardPage() {
  useDocumentTitle('Vendor dashboard');
  const [params, setParams] = useSearchParams();
  const requested = params.get('range');
  const range: DashboardRange = (DASHBOARD_RANGES as readonly string[]).includes(requested ?? '') ? (requested as DashboardRange) : '7d';
  const { data: vendor, isPending, isError, error, refetch } = useQuery(ownVendorQueryOptions);
  const setup = useSellerSetup(vendor?.status === 'approved');
  return (
    <div>
      <PageHeader title="Vendor dashboard" description={vendor ? vendor.businessName : undefined} />
      {isPending && <ListSkeleton rows={3} label="Loading your vendor account" />}
      {isError && <ErrorState title="Could not load your vendor account" error={error} onRetry={() => void refetch()} />}
      {vendor && (
        <div className="space-y-6">
          <StatusMessage vendor={vendor} />
          <VerifyEmailBanner note={vendor.status === 'pending' ? 'We can approve your application only once it is verified.' : undefined} />
          {vendor.status === 'approved' && setup && <GettingStarted setup={setup} />}
          {(vendor.status === 'approved' || vendor.status === 'suspended') && (
            <VendorDashboardPanel range={range} onRange={(r) => setParams(r === '7d' ? {} : { range: r })} />
          )}
          {vendor.status !== 'approved' && (
            <>
              <BusinessDetails vendor={vendor} />
              {vendor.status === 'pending' && <ButtonLink to={paths.vendor.profile}>Edit business details</ButtonLink>}
            </>
          )}
        </div>
      )}
    </div>
  );
}
