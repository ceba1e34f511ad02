import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { toast } from '~/web/lib/toast';
import { useTwoFactorStatus } from '../api/two-factor-queries';
import { NewRecoveryCodes } from './new-recovery-codes';
import { TurnOffForm } from './turn-off-form';
import { TwoFactorSetup } from './two-factor-setup';

/** Few enough left that the person should plan for new ones. */
const FEW_CODES = 3;

/**
 * "Two-step sign-in" on the profile and security page of every role (decision 27): turn it on with
 * the set-up flow; when on, the recovery codes left and "Turn off" (password and a code). Admins
 * must keep it, so they see no "Turn off".
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [view, setView] = useState<'summary' | 'setup' | 'turn-off' | 'new-codes'>('summary');

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="two-factor-heading" className="text-xl font-semibold text-slate-900">
          Two-step sign-in
        </h2>
        {status.data && <Badge tone={status.data.enabled ? 'success' : 'neutral'}>{status.data.enabled ? 'On' : 'Off'}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone is not
        enough.
      </p>
      <div className="mt-4">
        {status.isPending ? (
          <div role="status" aria-label="Loading two-step sign-in">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : status.isError ? (
          <ErrorState title="Two-step sign-in could not be loaded" error={status.error} onRetry={() => void status.refetch()} />
        ) : view === 'setup' ? (
          <TwoFactorSetup
            onCancel={() => setView('summary')}
            onDone={() => {
              setView('summary');
              toast.success('Two-step sign-in is on. Sign-in will ask for a code from your app.');
            }}
          />
        ) : status.data.enabled ? (
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-sm text-slate-800">
              <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
              {status.data.required ? 'On, and required for admin accounts.' : 'On: sign-in asks for a code from your authenticator app.'}
            </p>
            <p className="text-sm text-slate-700">
              Recovery codes left: <strong>{status.data.recoveryCodesLeft}</strong> of 10
            </p>
            {status.data.recoveryCodesLeft <= FEW_CODES && (
              <Alert tone="warning">
                {status.data.recoveryCodesLeft === 0 ? 'No recovery codes are left.' : 'Only a few recovery codes are left.'} Make new ones
                so that a lost phone does not lock you out.
              </Alert>
            )}
            {view === 'new-codes' ? (
              <NewRecoveryCodes onDone={() => setView('summary')} />
            ) : view === 'turn-off' ? (
              <TurnOffForm onDone={() => setView('summary')} onCancel={() => setView('summary')} />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setView('new-codes')}>
                  New recovery codes
                </Button>
                {/* Admins must keep it (decision 27). */}
                {!status.data.required && (
                  <Button variant="secondary" onClick={() => setView('turn-off')}>
                    Turn off
                  </Button>
                )}
              </div>
            )}
          </div>
        ) : (
          <Button onClick={() => setView('setup')}>Turn on two-step sign-in</Button>
        )}
      </div>
    </section>
  );
}
