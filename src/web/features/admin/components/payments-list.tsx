import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { Button } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton, Skeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { paymentsQueryOptions, type PaymentsFilter } from '../api/payments-queries';
import { PaymentsSummary } from './payments-summary';
import { PaymentsTable } from './payments-table';

interface PaymentsListProps {
  filter: PaymentsFilter;
  onPageChange: (page: number) => void;
  /** Shown in the empty state when a filter is on. */
  onClearFilters?: () => void;
}

/** The payments the filter matches: money figures, the table and its pages, with loading, empty and error states. */
export function PaymentsList({ filter, onPageChange, onClearFilters }: PaymentsListProps) {
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery(paymentsQueryOptions(filter));
  const filtered = Boolean(filter.status || filter.method || filter.q);

  if (isPending) {
    return (
      <div>
        <div aria-hidden="true" className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <ListSkeleton rows={6} label="Loading payments" />
      </div>
    );
  }
  if (isError) return <ErrorState title="Payments could not be loaded" error={error} onRetry={() => void refetch()} />;

  return (
    <div className={isPlaceholderData ? 'opacity-60' : undefined} aria-busy={isPlaceholderData || undefined}>
      <PaymentsSummary summary={data.summary} />
      {data.total === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Wallet />}
            title="No payments match"
            action={
              onClearFilters && (
                <Button variant="secondary" onClick={onClearFilters}>
                  Clear filters
                </Button>
              )
            }
          >
            No payment has this status, method or order number / e-mail. Try another filter.
          </EmptyState>
        ) : (
          <EmptyState icon={<Wallet />} title="No payments yet">
            Payments appear here as soon as a customer places an order.
          </EmptyState>
        )
      ) : (
        <>
          <PaymentsTable payments={data.items} caption={`Payments, newest first (${data.total} in all)`} />
          {data.total > data.pageSize && (
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={onPageChange} label="Payment pages" />
          )}
        </>
      )}
    </div>
  );
}
