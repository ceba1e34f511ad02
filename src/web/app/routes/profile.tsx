import { PageHeader } from '~/web/components/ui/page-header';
import { AccountDetails } from '~/web/features/account/components/account-details';
import { AddressBook } from '~/web/features/account/components/address-book';
import { useUser } from '~/web/lib/session/session';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The signed-in customer's profile: account details and the address book (the router lets only customers in). */
export default function ProfilePage() {
  useDocumentTitle('My Profile');
  const user = useUser();
  return (
    <div className="space-y-8">
      <PageHeader title="My Profile" description="Your account and the addresses we deliver to." />
      {user && <AccountDetails user={user} />}
      <AddressBook />
    </div>
  );
}
