import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '~/web/components/ui/feedback';
import { sessionQueryOptions } from '~/web/lib/session/session';

/** While the session resolves, the seed shows 'Loading authentication...' instead of the app. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isPending, isError, error, refetch } = useQuery(sessionQueryOptions);
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
