import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '~/web/components/ui/feedback';
import { sessionQueryOptions } from '~/web/lib/session/session';

/**
 * While the session resolves, the seed shows 'Loading authentication...' instead of the app. A page
 * the server rendered (`serverRendered`) is shown at once instead (its HTML is the same for everyone):
 * there the header's account button says 'Loading authentication...' until the session is known (decision 29).
 */
export function AuthGate({ children, serverRendered }: { children: ReactNode; serverRendered: boolean }) {
  const { isPending, isError, error, refetch } = useQuery(sessionQueryOptions);
  if (serverRendered) return children;
  if (isPending) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
        Loading authentication...
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto max-w-lg p-8">
        <ErrorState title="Could not check your sign-in" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return children;
}
