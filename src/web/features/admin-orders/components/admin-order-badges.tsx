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

/** An order's status, with "Late to ship" beside it when a seller has kept it waiting. */
export function AdminOrderStatus({ status, late }: { status: OrderStatus; late: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>
      {late && <Badge tone="danger">Late to ship</Badge>}
    </span>
  );
}
