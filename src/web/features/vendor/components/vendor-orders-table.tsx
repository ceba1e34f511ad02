import { ClipboardList } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders';
import { parseSort } from '~/shared/schemas/common';
import type { VendorOrder, VendorOrdersQuery } from '~/shared/schemas/orders';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { useVendorOrders } from '../api/vendor-lists';
import { ShipOrderDialog } from './ship-order-dialog';

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

/** Orders whose items the vendor can hand to a courier now. */
const canShip = (o: VendorOrder) => (o.status === 'placed' || o.status === 'processing') && o.shipment === null;

function ShipAction({ order }: { order: VendorOrder }) {
  const [open, setOpen] = useState(false);
  if (!canShip(order)) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Ship order ${order.orderNumber}`}>
        Ship
      </Button>
      <ShipOrderDialog order={order} open={open} onOpenChange={setOpen} />
    </>
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
  { id: 'status', header: 'Status', cell: (o) => <Badge tone={STATUS_TONES[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Badge> },
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
          <li key={l.productId}>
            {formatCount(l.quantity)} × {l.name}
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
          <p className="text-xs text-slate-600">{o.shipment.status === 'delivered' ? 'Delivered' : 'On its way'}</p>
        </>
      ) : (
        <span className="text-slate-500">Not shipped</span>
      ),
  },
  { id: 'actions', header: 'Actions', cell: (o) => <ShipAction order={o} /> },
];

interface VendorOrdersTableProps {
  query: VendorOrdersQuery;
  onChange: (changes: Partial<VendorOrdersQuery>) => void;
  filtered: boolean;
  onClearFilters: () => void;
}

/** The vendor's share of confirmed orders: its own lines, its amount, its shipment. */
export function VendorOrdersTable({ query, onChange, filtered, onClearFilters }: VendorOrdersTableProps) {
  const orders = useVendorOrders(query);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  return (
    <DataTable<VendorOrder>
      caption={`Your orders${orders.data ? ` (${orders.data.total} in all)` : ''}`}
      columns={COLUMNS}
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
            No order of yours has this status or number.
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
    />
  );
}
