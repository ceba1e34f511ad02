import type { ReactNode } from 'react';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { useAccount } from '../api/account-queries';
import { AccountProfileForm } from './account-profile-form';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';
import { YourData } from './your-data';

/**
 * The account and security sections every role's account page shows (decision 26): details
 * (name, mobile), e-mail address, password, sessions, two-step sign-in and "Your data" (download,
 * delete). `twoFactor` is a slot: that section is another feature's, and features do not import
 * each other (decision 12), so the route composes it in (app/routes/account/account-sections.tsx).
 */
export function AccountSecurity({ twoFactor }: { twoFactor?: ReactNode }) {
  const account = useAccount();
  if (account.isPending) {
    return (
      <div role="status" aria-label="Loading your account" className="space-y-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (account.isError) {
    return <ErrorState title="Your account could not be loaded" error={account.error} onRetry={() => void account.refetch()} />;
  }
  return (
    <div className="space-y-8">
      <AccountProfileForm account={account.data} />
      <ChangeEmailForm currentEmail={account.data.email} />
      <ChangePasswordForm />
      <SessionsList />
      {twoFactor}
      <YourData account={account.data} />
    </div>
  );
}
