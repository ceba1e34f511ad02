import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '~/web/components/ui/page-header';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { AccountSections } from '../account/account-sections';

/** The vendor's own sign-in account in the seller centre (the business itself is on Profile). */
export default function VendorAccountPage() {
  useDocumentTitle('Account and security');
  const vendor = useQuery(ownVendorQueryOptions);
  return (
    <div>
      <PageHeader
        title="Account and security"
        description="The person who signs in to this seller centre: name, mobile, e-mail, password, sessions and your data."
      />
      <AccountSections
        bannerNote={vendor.data?.status === 'pending' ? 'We can approve your application only once it is verified.' : undefined}
      />
    </div>
  );
}
