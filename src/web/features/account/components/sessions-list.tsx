import { Laptop, Smartphone } from 'lucide-react';
import type { AccountSession } from '~/shared/schemas/account';
import { Button } from '~/web/components/ui/button';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-queries';

const isPhone = (device: string) => /iPhone|Android|iPad/.test(device);

/** One's active sign-ins: device, approximate place, when signed in and last seen; sign out any or all others. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  const signOut = (session: AccountSession) =>
    endOne.mutate(session.id, {
      onSuccess: () => toast.success(`${session.device} has been signed out.`),
      onError: (error) => toast.error(error.message),
    });
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast.success(ended === 1 ? 'One other device has been signed out.' : `${ended} other devices have been signed out.`),
      onError: (error) => toast.error(error.message),
    });

  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-xl font-semibold text-slate-900">
            Where you are signed in
          </h2>
          <p className="mt-1 text-sm text-slate-600">Places are approximate: we show only part of each internet address.</p>
        </div>
        {others > 0 && (
          <Button variant="secondary" onClick={signOutOthers} loading={endOthers.isPending}>
            Sign out everywhere else
          </Button>
        )}
      </div>
      <div className="mt-4">
        {sessions.isPending ? (
          <ListSkeleton rows={2} label="Loading your sessions" />
        ) : sessions.isError ? (
          <ErrorState title="Your sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Active sessions">
            {list.map((session) => {
              const Icon = isPhone(session.device) ? Smartphone : Laptop;
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Icon aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">
                      {session.device}
                      {session.current && (
                        <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                          This device
                        </span>
                      )}
                    </p>
                    <p className="text-slate-600">
                      {session.place} · signed in <time dateTime={session.signedInAt}>{formatDateTime(session.signedInAt)}</time> · last
                      seen <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => signOut(session)}
                      loading={endOne.isPending && endOne.variables === session.id}
                      aria-label={`Sign out ${session.device}, ${session.place}`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
