import { ClipboardList } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { parseSort } from '~/shared/schemas/common';
import { RETURN_CONDITION_LABELS, SHIPMENT_STATUS_LABELS } from '~/shared/schemas/orders';
import type { VendorOrder, VendorOrdersQuery } from '~/shared/schemas/vendor-orders';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { CouponShareNote } from '~/web/components/orders/coupon-share-note';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useVendorOrderAction, useVendorOrders } from '../api/vendor-lists';
import { CancelItemsDialog } from './cancel-items-dialog';
import { ConfirmOrderStepDialog, type VendorOrderStep } from './confirm-order-step-dialog';
import { ShipOrderDialog } from './ship-order-dialog';
import { ReturnPhotoGallery } from '~/web/components/orders/return-photo-gallery';

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

const WAITING: readonly OrderStatus[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];
const hasOpenLines = (o: VendorOrder) => o.lines.some((l) => l.quantity > l.cancelledQuantity);
/** Orders whose items the vendor can hand to a courier now (or cancel instead). */
const canShip = (o: VendorOrder) => WAITING.includes(o.status) && o.shipment === null && hasOpenLines(o);

/** The next steps of an order for the vendor: pack, ship or cancel items, mark delivered, receive a return, refund it. */
function OrderActions({ order, locked }: { order: VendorOrder; locked: boolean }) {
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const [confirming, setConfirming] = useState<VendorOrderStep | null>(null);
  const action = useVendorOrderAction(order.id);
  const run = (name: 'pack', done: string) =>
    action.mutate(
      { action: name },
      { onSuccess: () => toast.success(done), onError: (e) => toast.error(isApiError(e) ? e.message : 'That did not work. Try again.') },
    );
  const status = order.shipment?.status;
  return (
    <div className="flex flex-wrap gap-1.5">
      {hasOpenLines(order) && order.status !== 'cancelled' && (
        <a
          href={`/api/vendor/orders/${encodeURIComponent(order.id)}/packing-slip`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-100"
          aria-label={`Packing slip of order ${order.orderNumber} (PDF)`}
        >
          Packing slip
        </a>
      )}
      {locked ? null : (
        <>
          {canShip(order) && order.packedAt === null && (
            <Button
              size="sm"
              variant="secondary"
              loading={action.isPending}
              onClick={() => run('pack', `Order ${order.orderNumber} is packed: hand it to the courier and enter the tracking number.`)}
              aria-label={`Mark packed: order ${order.orderNumber}`}
            >
              Mark packed
            </Button>
          )}
          {canShip(order) && (
            <>
              <Button size="sm" onClick={() => setDialog('ship')} aria-label={`Ship order ${order.orderNumber}`}>
                Ship
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDialog('cancel')}
                aria-label={`Cancel items of order ${order.orderNumber}`}
              >
                Cancel items
              </Button>
            </>
          )}
          {status === 'shipped' && (
            <Button size="sm" onClick={() => setConfirming('deliver')} aria-label={`Mark delivered: order ${order.orderNumber}`}>
              Mark delivered
            </Button>
          )}
          {status === 'delivered' && order.status === 'return_requested' && (
            <Button size="sm" onClick={() => setConfirming('return-received')} aria-label={`Receive return of order ${order.orderNumber}`}>
              Receive return
            </Button>
          )}
          {status === 'return_received' &&
            (order.paymentMethod === 'cod' ? (
              // The courier handed the cash to the shop: the shop pays it back by bank transfer, not the seller.
              <p className="text-xs text-slate-600">The shop refunds this cash on delivery by bank transfer.</p>
            ) : (
              <Button size="sm" onClick={() => setConfirming('refund')} aria-label={`Refund the return of order ${order.orderNumber}`}>
                Refund
              </Button>
            ))}
          <ShipOrderDialog order={order} open={dialog === 'ship'} onOpenChange={(o) => setDialog(o ? 'ship' : null)} />
          <CancelItemsDialog order={order} open={dialog === 'cancel'} onOpenChange={(o) => setDialog(o ? 'cancel' : null)} />
          <ConfirmOrderStepDialog order={order} step={confirming} onClose={() => setConfirming(null)} />
        </>
      )}
    </div>
  );
}

const COLUMNS: DataTableColumn<VendorOrder>[] = [
  {
    id: 'orderDate',
    header: 'Date',
    sortable: true,
    descendingFirst: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (o) => formatDate(o.orderDate),
  },
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (o) => <span className="font-medium whitespace-nowrap text-slate-900">{o.orderNumber}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (o) => (
      <>
        <Badge tone={STATUS_TONES[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Badge>
        {/* What to look for when the parcel comes back. */}
        {o.returnReason && <p className="mt-1 max-w-56 text-xs text-slate-600">Return: {o.returnReason}</p>}
        <ReturnPhotoGallery
          orderId={o.id}
          photos={o.returnPhotos}
          removed={o.returnPhotosRemoved}
          label={`Customer’s photos of the return of ${o.orderNumber}`}
          compact
        />
      </>
    ),
  },
  {
    id: 'shipTo',
    header: 'Ship to',
    cell: (o) => (
      <>
        <p className="text-slate-900">{o.shipTo.name}</p>
        <p className="text-slate-600">
          {o.shipTo.city} {o.shipTo.pinCode}, {o.shipTo.state}
        </p>
      </>
    ),
  },
  {
    id: 'items',
    header: 'Your items',
    cell: (o) => (
      <ul className="space-y-0.5">
        {o.lines.map((l) => (
          <li key={l.itemId}>
            {formatCount(l.quantity - l.cancelledQuantity)} × {l.name}
            {l.cancelledQuantity > 0 && <span className="text-red-700"> ({formatCount(l.cancelledQuantity)} cancelled)</span>}
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    descendingFirst: true,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (o) => (
      <>
        <p className="font-medium text-slate-900">{formatPaise(o.amountPaise)}</p>
        {/* The customer's coupon comes off the seller's lines: say so, or the amount looks short. */}
        <CouponShareNote paise={o.couponSharePaise} code={o.couponCode} />
        <p className="text-xs text-slate-600">{o.paymentMethod === 'cod' ? 'Cash on delivery' : 'Prepaid'}</p>
      </>
    ),
  },
  {
    id: 'shipment',
    header: 'Shipment',
    cell: (o) =>
      o.shipment ? (
        <>
          <p className="text-slate-900">{o.shipment.carrier}</p>
          <p className="font-mono text-xs text-slate-600">{o.shipment.trackingNumber}</p>
          <p className="text-xs text-slate-600">
            {SHIPMENT_STATUS_LABELS[o.shipment.status]}
            {o.shipment.returnCondition && `: ${RETURN_CONDITION_LABELS[o.shipment.returnCondition].toLowerCase()}`}
          </p>
          {/* The return window, and so the payout, starts when the whole order is delivered. */}
          {o.shipment.status === 'delivered' && o.status === 'partly_delivered' && (
            <p className="mt-0.5 max-w-56 text-xs text-slate-600">
              Counts towards your payouts once the other sellers&rsquo; items of this order are delivered too.
            </p>
          )}
        </>
      ) : o.packedAt ? (
        <>
          <Badge tone="brand">Packed</Badge>
          <p className="mt-0.5 text-xs text-slate-600">{formatDate(o.packedAt)}, waiting for the courier</p>
        </>
      ) : (
        <span className="text-slate-500">Not packed</span>
      ),
  },
];

/** The steps of each order; none while the vendor may not sell (the server refuses them, the shop takes them). */
const actionsColumn = (locked: boolean): DataTableColumn<VendorOrder> => ({
  id: 'actions',
  rowActions: true,
  header: 'Actions',
  cell: (o) => <OrderActions order={o} locked={locked} />,
});

interface VendorOrdersTableProps {
  query: VendorOrdersQuery;
  onChange: (changes: Partial<VendorOrdersQuery>) => void;
  filtered: boolean;
  onClearFilters: () => void;
  /** The vendor may not sell: it reads its orders and prints packing slips, and the shop takes their steps. */
  locked?: boolean;
}

/** The vendor's share of confirmed orders: its own lines, its amount, its shipment. */
export function VendorOrdersTable({ query, onChange, filtered, onClearFilters, locked = false }: VendorOrdersTableProps) {
  const orders = useVendorOrders(query);
  const columns = useMemo(() => [...COLUMNS, actionsColumn(locked)], [locked]);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  return (
    <DataTable<VendorOrder>
      caption={`Your orders${orders.data ? ` (${orders.data.total} in all)` : ''}`}
      columns={columns}
      rowKey={(o) => o.id}
      query={orders}
      loadingLabel="Loading your orders"
      errorTitle="Your orders could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<ClipboardList />}
            title="No orders match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No order of yours has this status, number or thing to do.
          </EmptyState>
        ) : (
          <EmptyState icon={<ClipboardList />} title="No orders yet">
            Orders with your products appear here once the customer has paid, or chosen cash on delivery.
          </EmptyState>
        )
      }
      sort={sort}
      onSortChange={(s) => onChange({ sort: (s.descending ? `-${s.column}` : s.column) as VendorOrdersQuery['sort'] })}
      onPageChange={(page) => onChange({ page })}
      paginationLabel="Order pages"
      minWidth="60rem"
      phoneCards
    />
  );
}
