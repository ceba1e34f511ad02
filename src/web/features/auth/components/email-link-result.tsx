import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { Spinner } from '~/web/components/ui/spinner';
import { isApiError } from '~/web/lib/api-client';
import { useUser } from '~/web/lib/session/session';
import { useConfirmEmailLink } from '../api/account-recovery';

/** Where an account looks after its e-mail address: the account page of its role (signed out: sign in first). */
function useAccountPath(): string {
  const user = useUser();
  if (user?.role === 'vendor') return paths.vendor.account;
  if (user?.role === 'admin') return paths.admin.account;
  return user ? paths.accountProfile : paths.login;
}

/** Where to go on from a link that worked. */
function useOnwards(): { to: string; label: string } {
  const user = useUser();
  if (user?.role === 'vendor') return { to: paths.vendor.dashboard, label: 'Go to your seller centre' };
  if (user?.role === 'admin') return { to: paths.admin.dashboard, label: 'Go to the admin console' };
  return { to: paths.home, label: 'Continue shopping' };
}

/**
 * Follows an e-mailed link once, on arrival: `kind` verify (a new account's address) or change
 * (the new address of an e-mail change), and says what happened.
 */
export function EmailLinkResult({ kind, token }: { kind: 'verify' | 'change'; token: string | null }) {
  const confirm = useConfirmEmailLink();
  const profilePath = useAccountPath();
  const onwards = useOnwards();
  // Once per token: React runs effects twice in development, and a second try would spend nothing but show an error.
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ kind, token });
  }, [kind, token, mutate]);

  if (!token) {
    return (
      <Alert tone="error" title="This link is incomplete">
        Open the link from the e-mail again, or copy the whole address into the browser.
      </Alert>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success" title={kind === 'verify' ? 'E-mail address verified' : 'E-mail address changed'}>
          {confirm.data.message}
        </Alert>
        <ButtonLink to={onwards.to} size="lg" className="w-full">
          {onwards.label}
        </ButtonLink>
      </div>
    );
  }
  if (confirm.isError) {
    const linkProblem = isApiError(confirm.error, 'VALIDATION');
    return (
      <div className="space-y-4">
        <Alert tone="error" title={linkProblem ? 'This link does not work' : 'Something went wrong'}>
          <p>{confirm.error.message}</p>
          <p className="mt-2">
            {kind === 'verify' ? (
              <Link to={profilePath} className="font-semibold underline">
                Ask for a new verification link from your account page
              </Link>
            ) : (
              <Link to={profilePath} className="font-semibold underline">
                Ask for the change again from your profile
              </Link>
            )}
          </p>
        </Alert>
        {!linkProblem && (
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 underline"
            onClick={() => {
              sent.current = token;
              mutate({ kind, token });
            }}
          >
            Retry
          </button>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner />
      {kind === 'verify' ? 'Verifying your e-mail address…' : 'Changing your e-mail address…'}
    </div>
  );
}
