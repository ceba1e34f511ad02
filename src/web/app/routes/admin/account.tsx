import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { AccountSections } from '../account/account-sections';

/** The admin's own sign-in account in the console: details, e-mail, password, sessions, two-step sign-in. */
export default function AdminAccountPage() {
  useDocumentTitle('Account and security');
  return (
    <div>
      <PageHeader
        title="Account and security"
        description="Your own admin account: how you sign in, where you are signed in, and your data."
      />
      <AccountSections />
    </div>
  );
}
