import { useSearchParams } from 'react-router';
import { AuthCard } from '~/web/components/layouts/auth-card';
import { EmailLinkResult } from '~/web/features/auth/components/email-link-result';

/** Where the account e-mails' links land: `?token=` verifies a new account's address, `?change=` confirms a new address. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const change = params.get('change');
  return (
    <AuthCard title={change ? 'Confirm your new e-mail address' : 'Verify your e-mail address'}>
      {change ? <EmailLinkResult kind="change" token={change} /> : <EmailLinkResult kind="verify" token={params.get('token')} />}
    </AuthCard>
  );
}
