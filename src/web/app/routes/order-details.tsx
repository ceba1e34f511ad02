import { useParams } from 'react-router';
import { OrderDetailsView, OrderNotFound } from '~/web/features/orders/components/order-details-view';

export default function OrderDetailsPage() {
  const { orderId } = useParams();
  if (!orderId) return <OrderNotFound />;
  return <OrderDetailsView key={orderId} orderId={orderId} />;
}
