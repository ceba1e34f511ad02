import type { OrderStatus } from '~/shared/orders';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';

/** An order's status, with "Late to ship" beside it when a seller has kept it waiting. */
export function AdminOrderStatus({ status, late }: { status: OrderStatus; late: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge of="order" status={status} />
      {late && <Badge tone="danger">Late to ship</Badge>}
    </span>
  );
}
