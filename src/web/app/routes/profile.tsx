import { PageHeader } from '~/web/components/ui/page-header';
import { AddressBook } from '~/web/features/account/components/address-book';
import { BusinessList } from '~/web/features/account/components/business-list';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { AccountSections } from './account/account-sections';

/**
 * The customer's account page at /account/profile (the seed's /profile leads here): details,
 * e-mail, password, sessions, two-step sign-in, their data, and the address book. The router
 * lets only customers in; vendors and admins have the same sections in their own consoles.
 */
export default function ProfilePage() {
  useDocumentTitle('My Profile');
  return (
    <div className="space-y-8">
      <PageHeader
        title="My Profile"
        description="Your account, how you sign in, your data, the addresses we deliver to and the businesses you buy for."
      />
      <AccountSections />
      <AddressBook />
      <BusinessList />
    </div>
  );
}
