import { useQuery } from '@tanstack/react-query';
import { SHOP } from '~/shared/constants';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { BusinessDetails } from '~/web/features/vendor/components/business-details';
import { useUser } from '~/web/lib/session/session';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorProfilePage() {
  useDocumentTitle('Your business profile');
  const user = useUser();
  const { data: vendor, isPending, isError, error, refetch } = useQuery(ownVendorQueryOptions);
  return (
    <div>
      <PageHeader title="Profile" description="Your business as customers and invoices show it, and the account you sign in with." />
      {isPending && <ListSkeleton rows={3} label="Loading your business profile" />}
      {isError && <ErrorState title="Could not load your business profile" error={error} onRetry={() => void refetch()} />}
      {vendor && (
        <div className="space-y-6">
          <BusinessDetails vendor={vendor} full />
          {user && (
            <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-6">
              <h2 id="account-heading" className="text-lg font-semibold">
                Sign-in account
              </h2>
              <p className="mt-2 text-slate-900">{user.name}</p>
              <p className="text-slate-600">{user.email}</p>
            </section>
          )}
          <p className="text-sm text-slate-600">
            To change your business name, GSTIN or pickup address, write to{' '}
            <a href={`mailto:${SHOP.supportEmail}`} className="text-brand-700 underline">
              {SHOP.supportEmail}
            </a>
            : the shop checks them again before invoices change.
          </p>
        </div>
      )}
    </div>
  );
}
