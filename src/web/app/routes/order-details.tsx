import { useParams } from 'react-router';
import { OrderComplaints } from '~/web/features/grievances/components/order-complaints';
import { OrderDetailsView, OrderNotFound } from '~/web/features/orders/components/order-details-view';
import { useUser } from '~/web/lib/session/session';

export default function OrderDetailsPage() {
  const { orderId } = useParams();
  const user = useUser();
  if (!orderId) return <OrderNotFound />;
  // Complaints to the grievance officer are a customer's (decision 74).
  const extra =
    user?.role === 'customer' ? (order: Parameters<typeof OrderComplaints>[0]['order']) => <OrderComplaints order={order} /> : undefined;
  return <OrderDetailsView key={orderId} orderId={orderId} extra={extra} />;
}
