import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { ordersQueryOptions } from '../api/order-queries';
import { OrderCard } from './order-card';

export const ORDERS_PAGE_SIZE = 10;

/**
 * The customer's orders as the API lists them (newest first). A failed load says so and offers
 * Retry rather than looking like an empty history.
 */
export function OrderHistory({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { data, isPending, isError, error, refetch, isPlaceholderData, isRefetching } = useQuery(
    ordersQueryOptions(page, ORDERS_PAGE_SIZE),
  );

  if (isPending) return <ListSkeleton rows={3} label="Loading your orders" />;
  if (isError) return <ErrorState title="Your orders could not be loaded" error={error} onRetry={() => void refetch()} />;
  if (data.total === 0) {
    return (
      <EmptyState icon={<Package />} title="You have no orders yet" action={<ButtonLink to={paths.products}>Start shopping</ButtonLink>}>
        When you place an order, it appears here with its status, invoice and tracking.
      </EmptyState>
    );
  }
  return (
    <div className={isPlaceholderData ? 'opacity-60' : undefined} aria-busy={isPlaceholderData || isRefetching || undefined}>
      <ol className="space-y-4" aria-label="Orders">
        {data.items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ol>
      {data.total > data.pageSize && (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={onPageChange} label="Order pages" />
      )}
    </div>
  );
}
