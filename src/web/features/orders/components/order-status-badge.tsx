import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { Badge } from '~/web/components/ui/badge';

const TONES: Record<OrderStatus, Parameters<typeof Badge>[0]['tone']> = {
  pending_payment: 'warning',
  placed: 'brand',
  processing: 'brand',
  partly_shipped: 'brand',
  partly_delivered: 'brand',
  shipped: 'brand',
  delivered: 'success',
  cancelled: 'danger',
  return_requested: 'warning',
  returned: 'neutral',
  refunded: 'neutral',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={className}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
