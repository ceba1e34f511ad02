import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '~/web/lib/api-client';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { adminOrderQueryOptions } from '~/web/features/admin-orders/api/admin-orders-queries';
import { AdminOrderView } from '~/web/features/admin-orders/components/admin-order-view';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const order = useQuery(adminOrderQueryOptions(orderId));
  useDocumentTitle(order.data ? `Order ${order.data.order.orderNumber}` : 'Order');
  if (order.isPending) return <ListSkeleton rows={6} label="Loading the order" />;
  if (order.isError) {
    return (
      <ErrorState
        title={isApiError(order.error, 'NOT_FOUND') ? 'No such order' : 'The order could not be loaded'}
        error={order.error}
        onRetry={isApiError(order.error, 'NOT_FOUND') ? undefined : () => void order.refetch()}
      />
    );
  }
  return <AdminOrderView data={order.data} />;
}
