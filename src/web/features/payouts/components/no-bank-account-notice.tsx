import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { Alert } from '~/web/components/ui/feedback';

/** The profile's bank account section: the profile opens the new account's fields there (`#bank-account`). */
const PROFILE_BANK_ACCOUNT = `${paths.vendor.profile}#bank-account`;

/** Payouts wait while the profile has no bank account: the seller is told at the top of Payouts, where the money is. */
export function NoBankAccountNotice() {
  return (
    <Alert tone="warning" title="Add a bank account to be paid">
      Your profile has no bank account, so payouts wait: nothing can be transferred to you until you add one.{' '}
      <Link to={PROFILE_BANK_ACCOUNT} className="font-medium underline">
        Add a bank account in your profile
      </Link>
    </Alert>
  );
}
