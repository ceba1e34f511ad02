import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { UpdateVendorProfileInput } from '~/shared/schemas/vendor';
import { ErrorState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { BusinessDetails } from '~/web/features/vendor/components/business-details';
import { useSaveVendorProfile, vendorProfileQueryOptions } from '~/web/features/vendor-profile/api/vendor-profile';
import { EInvoicingSection } from '~/web/features/vendor-profile/components/e-invoicing-section';
import { VendorProfile, VendorProfileSkeleton } from '~/web/features/vendor-profile/components/vendor-profile';
import { useUser } from '~/web/lib/session/session';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorProfilePage() {
  useDocumentTitle('Your business profile');
  const user = useUser();
  const queryClient = useQueryClient();
  const vendor = useQuery(ownVendorQueryOptions);
  const profile = useQuery(vendorProfileQueryOptions);
  const save = useSaveVendorProfile();

  const submit = async (values: UpdateVendorProfileInput) => {
    const saved = await save.mutateAsync(values);
    // The business card above the form (and the dashboard) read the vendor record: fetch it again.
    void queryClient.invalidateQueries(ownVendorQueryOptions);
    return saved.profile;
  };
  const failed = vendor.error ?? profile.error;

  return (
    <div>
      <PageHeader title="Profile" description="Your business as customers, couriers and invoices see it, and where your payouts go." />
      {failed ? (
        <ErrorState
          title="Could not load your business profile"
          error={failed}
          onRetry={() => void Promise.all([vendor.refetch(), profile.refetch()])}
        />
      ) : !vendor.data || !profile.data ? (
        <VendorProfileSkeleton />
      ) : (
        <div className="space-y-6">
          <BusinessDetails vendor={vendor.data} full />
          <VendorProfile data={profile.data} onSubmit={submit} />
          <EInvoicingSection />
          {user && (
            <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h2 id="account-heading" className="text-lg font-semibold">
                Sign-in account
              </h2>
              <p className="mt-2 text-slate-900">{user.name}</p>
              <p className="text-slate-600">{user.email}</p>
              <p className="mt-2 text-sm text-slate-600">
                Notices about your bank account and GSTIN go to this address. Change it, your name, mobile or password under{' '}
                <Link to={paths.vendor.account} className="font-semibold text-brand-700 underline">
                  Account &amp; security
                </Link>
                .
              </p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
