import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';

/** A report's loading skeleton, its error with Retry, or the report. */
export function ReportState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <ListSkeleton rows={5} label={`Loading the ${label}`} />;
  if (query.isError)
    return <ErrorState title={`The ${label} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  return <div aria-busy={query.isFetching}>{children(query.data)}</div>;
}
