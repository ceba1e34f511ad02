import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { CouponRedemption } from '~/shared/schemas/coupons';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatDateTime } from '~/web/lib/format';
import { redemptionsQueryOptions } from '../api/coupons-queries';

const COLUMNS: DataTableColumn<CouponRedemption>[] = [
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (r) => (
      <Link to={paths.adminOrder(r.orderId)} className="font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
        {r.orderNumber}
      </Link>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (r) => (
      <>
        <span className="text-slate-900">{r.customerName ?? 'A deleted account'}</span>
        {r.customerEmail && <OneLine className="text-xs text-slate-600">{r.customerEmail}</OneLine>}
      </>
    ),
  },
  {
    id: 'redeemedAt',
    header: 'Date',
    className: 'whitespace-nowrap text-slate-700',
    cell: (r) => <time dateTime={r.redeemedAt}>{formatDateTime(r.redeemedAt)}</time>,
  },
  { id: 'status', header: 'Order status', className: 'text-slate-700', cell: (r) => r.orderStatus.replace(/_/g, ' ') },
  { id: 'discount', header: 'Discount', align: 'right', className: 'whitespace-nowrap', cell: (r) => formatPaise(r.discountPaise) },
];

/** The orders that used a coupon, newest first, ten at a time. */
export function CouponRedemptions({ code }: { code: string }) {
  const [page, setPage] = useState(1);
  const redemptions = useQuery(redemptionsQueryOptions(code, page));
  return (
    <DataTable<CouponRedemption>
      caption={`Redemptions of ${code}, newest first${redemptions.data ? ` (${redemptions.data.total})` : ''}`}
      columns={COLUMNS}
      rowKey={(r) => r.orderId}
      query={redemptions}
      loadingLabel={`Loading the redemptions of ${code}`}
      errorTitle={`The redemptions of ${code} could not be loaded`}
      empty={
        <EmptyState title={`No orders have used ${code} yet`}>Orders that use it show here, with the customer and the discount.</EmptyState>
      }
      onPageChange={setPage}
      paginationLabel={`Redemption pages of ${code}`}
      minWidth="40rem"
    />
  );
}
