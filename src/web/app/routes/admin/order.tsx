import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { adminOrderQueryOptions } from '~/web/features/admin-orders/api/admin-orders-queries';
import { AdminEwayBills } from '~/web/features/admin-orders/components/admin-eway-bills';
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
        title="The order could not be loaded"
        error={order.error}
        onRetry={() => void order.refetch()}
        notFound={{ title: 'No such order', action: <ButtonLink to={paths.admin.orders}>All orders</ButtonLink> }}
      />
    );
  }
  return (
    <>
      <AdminOrderView data={order.data} />
      <AdminEwayBills orderId={orderId} />
    </>
  );
}
