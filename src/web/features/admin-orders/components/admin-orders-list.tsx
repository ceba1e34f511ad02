import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '~/shared/orders';
import { paths } from '~/shared/paths';
import { parseSort } from '~/shared/schemas/common';
import type { AdminOrderSummary, AdminOrdersQuery } from '~/shared/schemas/admin-orders';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { OneLine } from '~/web/components/ui/one-line';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { adminOrdersQueryOptions, type AdminOrdersFilter } from '../api/admin-orders-queries';
import { AdminOrderStatus } from './admin-order-badges';

const SORT_WORDS: Record<string, string> = { orderDate: 'date', total: 'total', orderNumber: 'order number' };

export const ADMIN_ORDER_COLUMNS: DataTableColumn<AdminOrderSummary>[] = [
  {
    id: 'orderNumber',
    header: 'Order',
    sortable: true,
    descendingFirst: true,
    rowHeader: true,
    cell: (o) => (
      <Link to={paths.adminOrder(o.id)} className="font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
        {o.orderNumber}
      </Link>
    ),
  },
  {
    id: 'orderDate',
    header: 'Placed',
    sortable: true,
    descendingFirst: true,
    className: 'text-slate-700',
    // The day and the time each on one line, the time under the day when the column is narrow.
    cell: (o) => (
      <time dateTime={o.orderDate}>
        {formatDateTime(o.orderDate)
          .split(', ')
          .map((part, i) => (
            <Fragment key={part}>
              {i > 0 && ', '}
              <NoWrap>{part}</NoWrap>
            </Fragment>
          ))}
      </time>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (o) => (
      <>
        <span className="text-slate-900">{o.customer.name}</span>
        <OneLine className="text-xs text-slate-600">{o.customer.email}</OneLine>
      </>
    ),
  },
  {
    id: 'sellers',
    header: 'Sellers',
    cell: (o) => (
      <>
        <span className="text-slate-800">{o.sellers.join(', ')}</span>
        <p className="text-xs text-slate-600">
          {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
          {o.trackingNumbers.length > 0 && (
            <>
              {' '}
              · AWB{' '}
              {o.trackingNumbers.map((awb, i) => (
                <Fragment key={awb}>
                  {i > 0 && ', '}
                  <NoWrap>{awb}</NoWrap>
                </Fragment>
              ))}
            </>
          )}
        </p>
      </>
    ),
  },
  {
    id: 'shipTo',
    header: 'Ship to',
    cell: (o) => (
      <span className="text-slate-800">
        {o.shipTo.city}, {o.shipTo.state}
      </span>
    ),
  },
  {
    id: 'payment',
    header: 'Payment',
    cell: (o) => (
      <>
        <span className="text-slate-800">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</span>
        <p className="text-xs text-slate-600">{PAYMENT_STATUS_LABELS[o.paymentStatus]}</p>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (o) => <AdminOrderStatus status={o.status} late={o.late} /> },
  {
    id: 'total',
    header: 'Total',
    sortable: true,
    descendingFirst: true,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums text-slate-900',
    cell: (o) => formatPaise(o.totalPaise),
  },
];

/** Every order the filter matches, a page at a time, with loading, empty and error states. */
export function AdminOrdersList({
  filter,
  filtered,
  onPageChange,
  onSortChange,
  onClearFilters,
}: {
  filter: AdminOrdersFilter;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onSortChange: (sort: AdminOrdersQuery['sort']) => void;
  onClearFilters: () => void;
}) {
  const orders = useQuery(adminOrdersQueryOptions(filter));
  const sortValue = filter.sort ?? '-orderDate';
  const sort = useMemo(() => parseSort(sortValue), [sortValue]);
  const total = orders.data ? `${formatCount(orders.data.total)}${orders.data.totalCapped ? '+' : ''}` : undefined;
  return (
    <DataTable<AdminOrderSummary>
      caption={`Orders by ${SORT_WORDS[sort.column] ?? 'date'}, ${sort.descending ? 'descending' : 'ascending'}${total === undefined ? '' : ` (${total} ${total === '1' ? 'order' : 'orders'})`}`}
      columns={ADMIN_ORDER_COLUMNS}
      rowKey={(o) => o.id}
      query={orders}
      loadingLabel="Loading orders"
      errorTitle="Orders could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<Package />}
            title="No orders match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No order has this number, customer, tracking number, status, seller, state or date. Try another filter.
          </EmptyState>
        ) : (
          <EmptyState icon={<Package />} title="No orders yet">
            Orders appear here as soon as a customer places one.
          </EmptyState>
        )
      }
      sort={sort}
      onSortChange={(s) => onSortChange((s.descending ? `-${s.column}` : s.column) as AdminOrdersQuery['sort'])}
      onPageChange={onPageChange}
      paginationLabel="Order pages"
      rowProps={() => ({ 'data-testid': 'admin-order-row' })}
      minWidth="64rem"
      phoneCards
    />
  );
}
