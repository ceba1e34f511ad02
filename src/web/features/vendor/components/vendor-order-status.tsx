import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { Badge } from '~/web/components/ui/badge';

const STATUS_TONES: Record<OrderStatus, 'neutral' | 'success' | 'warning' | 'brand'> = {
  pending_payment: 'warning',
  placed: 'brand',
  processing: 'brand',
  partly_shipped: 'brand',
  partly_delivered: 'brand',
  shipped: 'brand',
  delivered: 'success',
  cancelled: 'neutral',
  return_requested: 'warning',
  returned: 'neutral',
  refunded: 'neutral',
};

/** An order's status as the seller centre shows it, in the list and on the order's page. */
export function VendorOrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
