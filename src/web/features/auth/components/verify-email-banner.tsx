import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EMAIL_LINK_HOURS } from '~/shared/schemas/account-recovery';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { emailVerificationQueryOptions, useResendVerification } from '../api/account-recovery';

/** "4:35 pm" today, or the date and time when it is not today (India time, as every date of the shop). */
function whenAgain(at: Date): string {
  const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(at);
  const day = (d: Date) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'short', timeZone: 'Asia/Kolkata' }).format(d);
  return day(at) === day(new Date()) ? time : formatDateTime(at);
}

/**
 * "Please verify your e-mail address" with Resend, on the account pages until the address is
 * verified. Resend is limited (3 an hour): once refused, the banner says when to ask again and keeps
 * the button off until then. Nothing shows while loading or once verified; a failed check offers Retry.
 */
export function VerifyEmailBanner({ note }: { note?: string | undefined }) {
  const status = useQuery(emailVerificationQueryOptions);
  const resend = useResendVerification();
  const [againAt, setAgainAt] = useState<Date | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The button comes back by itself when the wait is over.
  useEffect(() => {
    if (!againAt) return;
    const timer = setTimeout(() => setAgainAt(null), Math.max(0, againAt.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [againAt]);

  if (status.isError) {
    return (
      <Alert tone="warning" title="Could not check whether your e-mail address is verified">
        <p>{status.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void status.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!status.data || status.data.emailVerified) return null;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        setSentTo(status.data.email);
        toast.success(message);
      },
      onError: (error) => {
        if (isApiError(error, 'RATE_LIMITED')) {
          setAgainAt(new Date(Date.now() + (error.retryAfterSeconds ?? 3600) * 1000));
        } else {
          toast.error(error.message);
        }
      },
    });

  return (
    <Alert tone="warning" title="Please verify your e-mail address">
      <p>
        We sent a link to <strong className="break-all">{status.data.email}</strong>. Open it to confirm the address is yours.
        {note ? ` ${note}` : ''}
      </p>
      {sentTo === status.data.email && !againAt && <p className="mt-2">A new link is on its way; it works for {EMAIL_LINK_HOURS} hours.</p>}
      {againAt && (
        <p className="mt-2">
          You have asked for the e-mail several times in the last hour. You can ask again at{' '}
          <time dateTime={againAt.toISOString()}>{whenAgain(againAt)}</time>; until then, look for the e-mails already sent, in the spam
          folder too.
        </p>
      )}
      <Button variant="secondary" size="sm" className="mt-2" loading={resend.isPending} disabled={againAt !== null} onClick={send}>
        Resend
      </Button>
    </Alert>
  );
}
