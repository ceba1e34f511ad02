import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { SortValue } from '~/shared/schemas/common';
import { REFUND_STATUS_LABELS, type AdminPayment } from '~/shared/schemas/payments';
import { paths } from '~/shared/paths';
import type { DataTableColumn } from '~/web/components/data-table/data-table';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { OneLine } from '~/web/components/ui/one-line';
import { formatDate, formatDateTime } from '~/web/lib/format';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

const PROVIDER_LABELS = { 'test-gateway': 'Test gateway', razorpay: 'Razorpay', cod: 'Cash on delivery' } as const;

export function methodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
}

function PaymentDetails({ payment }: { payment: AdminPayment }) {
  return (
    // Sticky, so it stays in view when the table is scrolled sideways on a narrow screen.
    <div className="sticky left-2 grid max-w-[calc(100vw-4rem)] gap-4 text-sm md:max-w-3xl md:grid-cols-2">
      <div>
        <h3 className="font-semibold text-slate-900">Refunds</h3>
        {payment.refunds.length === 0 ? (
          <p className="mt-1 text-slate-600">No refunds.</p>
        ) : (
          <ul className="mt-1 space-y-2">
            {payment.refunds.map((r) => (
              <li key={r.id} className="rounded-md border border-slate-200 bg-white p-3">
                <p className="font-medium text-slate-900">
                  {formatPaise(r.amountPaise)} · {REFUND_STATUS_LABELS[r.status]}
                </p>
                <p className="text-slate-700">{r.reason}</p>
                <p className="text-slate-600">
                  {formatDateTime(r.createdAt)}
                  {r.providerRefundId && (
                    <>
                      {' · '}
                      <span className="font-mono">{r.providerRefundId}</span>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Payment</h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
          <dt className="text-slate-600">Provider</dt>
          <dd>{PROVIDER_LABELS[payment.provider]}</dd>
          <dt className="text-slate-600">Attempts</dt>
          <dd>{payment.attempts}</dd>
          <dt className="text-slate-600">Paid on</dt>
          <dd>{payment.capturedAt ? formatDateTime(payment.capturedAt) : 'Not paid'}</dd>
          <dt className="text-slate-600">Failure reason</dt>
          <dd className={payment.errorDescription ? 'text-red-800' : undefined}>{payment.errorDescription ?? 'None'}</dd>
        </dl>
      </div>
    </div>
  );
}

const CAPTIONS: Record<SortValue<'createdAt' | 'amount'>, string> = {
  '-createdAt': 'Payments, newest first',
  createdAt: 'Payments, oldest first',
  '-amount': 'Payments, largest first',
  amount: 'Payments, smallest first',
};

/** The caption of the payments table for its sort, with how many there are in all. */
export const paymentsCaption = (sort: SortValue<'createdAt' | 'amount'>, total: number) => `${CAPTIONS[sort]} (${total} in all)`;

/** The columns of the payments table; each row opens to show its refunds and failure reason. */
export const PAYMENT_COLUMNS: DataTableColumn<AdminPayment>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    sortable: true,
    descendingFirst: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (p) => (
      <>
        <p>{formatDate(p.createdAt)}</p>
        <p className="text-xs text-slate-600">{formatTime(p.createdAt)}</p>
      </>
    ),
  },
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (p) => (
      <>
        <Link
          to={paths.adminOrder(p.orderId)}
          className="font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
          aria-label={`Order ${p.orderNumber}`}
        >
          {p.orderNumber}
        </Link>
        <StatusBadge of="order" status={p.orderStatus} className="mt-1" />
      </>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (p) => (
      <>
        <p className="font-medium text-slate-900">{p.customerName}</p>
        <OneLine className="text-slate-600">{p.customerEmail}</OneLine>
      </>
    ),
  },
  {
    id: 'method',
    header: 'Method',
    cell: (p) => (
      <>
        <p className="text-slate-900">{methodLabel(p.method)}</p>
        {p.paidWith && p.paidWith !== p.method && <p className="text-slate-600">paid with {methodLabel(p.paidWith)}</p>}
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge of="payment" status={p.status} /> },
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    descendingFirst: true,
    align: 'right',
    className: 'whitespace-nowrap text-slate-900 tabular-nums',
    cell: (p) => formatPaise(p.amountPaise),
  },
  {
    id: 'refunded',
    header: 'Refunded',
    align: 'right',
    className: 'whitespace-nowrap text-slate-700 tabular-nums',
    cell: (p) => (p.amountRefundedPaise > 0 ? formatPaise(p.amountRefundedPaise) : <span className="text-slate-400">—</span>),
  },
  {
    id: 'providerPaymentId',
    header: 'Provider payment ID',
    className: 'font-mono text-xs text-slate-700',
    cell: (p) => (p.providerPaymentId ? <OneLine>{p.providerPaymentId}</OneLine> : <span className="font-sans text-slate-400">—</span>),
  },
];

/** What a payment row opens to: its refunds and how it was paid or why it failed. */
export const paymentDetails = {
  render: (p: AdminPayment) => <PaymentDetails payment={p} />,
  label: (p: AdminPayment) => `Details of payment for order ${p.orderNumber}`,
};
