import type { OrderStatus } from '~/shared/orders';
import type { OrderDetail } from '~/shared/schemas/orders';

/** One step of an order's progress: reached (all of it, or `partly` for some sellers' items), or still to come. */
export interface ProgressStep {
  key: 'placed' | 'packed' | 'shipped' | 'delivered';
  label: string;
  reached: boolean;
}

/** Statuses of an order on its normal path, where the progress is shown. */
const ON_THE_WAY: readonly OrderStatus[] = ['placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'delivered'];

/**
 * Placed → Packed → Shipped → Delivered, each step reached only when it happened: packed when the
 * sellers packed (or handed to the courier) every item not cancelled, "Partly" while only some
 * sellers have. Null off the normal path (awaiting payment, cancelled, returns), which the page's
 * notes describe instead.
 */
export function progressSteps(order: Pick<OrderDetail, 'status' | 'items' | 'packings' | 'shipments'>): ProgressStep[] | null {
  const { status } = order;
  if (!ON_THE_WAY.includes(status)) return null;
  const open = order.items.filter((i) => i.quantity > i.cancelledQuantity).map((i) => i.id);
  const ready = new Set([...order.packings, ...order.shipments].flatMap((p) => p.itemIds));
  const packedCount = open.filter((id) => ready.has(id)).length;
  const allPacked = open.length > 0 && packedCount === open.length;
  const shipped = status === 'shipped' || status === 'partly_delivered' || status === 'delivered';
  return [
    { key: 'placed', label: 'Placed', reached: true },
    { key: 'packed', label: packedCount > 0 && !allPacked ? 'Partly packed' : 'Packed', reached: packedCount > 0 },
    { key: 'shipped', label: status === 'partly_shipped' ? 'Partly shipped' : 'Shipped', reached: shipped || status === 'partly_shipped' },
    {
      key: 'delivered',
      label: status === 'partly_delivered' ? 'Partly delivered' : 'Delivered',
      reached: status === 'delivered' || status === 'partly_delivered',
    },
  ];
}
