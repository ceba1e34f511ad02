import { ClipboardList } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { parseSort } from '~/shared/schemas/common';
import { RETURN_CONDITION_LABELS, SHIPMENT_STATUS_LABELS } from '~/shared/schemas/orders';
import type { VendorOrder, VendorOrdersQuery } from '~/shared/schemas/vendor-orders';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { CouponShareNote } from '~/web/components/orders/coupon-share-note';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDate } from '~/web/lib/format';
import { useVendorOrders } from '../api/vendor-lists';
import { VendorOrderActions } from './vendor-order-actions';
import { ReturnPhotoGallery } from '~/web/components/orders/return-photo-gallery';

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
    cell: (o) => (
      <Link to={paths.vendorOrder(o.id)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
        {o.orderNumber}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (o) => (
      <>
        <StatusBadge of="order" status={o.status} />
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
      ) : (
        <>
          {o.packedAt ? (
            <>
              <Badge tone="brand">Packed</Badge>
              <p className="mt-0.5 text-xs text-slate-600">{formatDate(o.packedAt)}, waiting for the courier</p>
            </>
          ) : (
            <span className="text-slate-500">Not packed</span>
          )}
          {/* Above its states' limit, the parcel ships only with a valid e-way bill (decision 75). */}
          {o.needsEwayBill && (
            <p className="mt-1">
              <Badge tone="warning">Needs e-way bill</Badge>
            </p>
          )}
        </>
      ),
  },
];

/** The steps of each order; none while the vendor may not sell (the server refuses them, the shop takes them). */
const actionsColumn = (locked: boolean): DataTableColumn<VendorOrder> => ({
  id: 'actions',
  rowActions: true,
  header: 'Actions',
  cell: (o) => <VendorOrderActions order={o} locked={locked} />,
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
