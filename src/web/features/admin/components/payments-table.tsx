import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import { formatPaise } from '~/shared/money';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import type { AdminPayment } from '~/shared/schemas/payments';
import { Badge } from '~/web/components/ui/badge';
import { cn } from '~/web/components/ui/cn';
import { formatDate, formatDateTime } from '~/web/lib/format';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'brand';

const PAYMENT_STATUS_TONES: Record<PaymentStatusName, Tone> = {
  created: 'warning',
  authorized: 'brand',
  captured: 'success',
  failed: 'danger',
  refunded: 'neutral',
  partially_refunded: 'warning',
  cancelled: 'neutral',
};

const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warning',
  placed: 'brand',
  processing: 'brand',
  shipped: 'brand',
  delivered: 'success',
  cancelled: 'neutral',
  return_requested: 'warning',
  returned: 'neutral',
  refunded: 'neutral',
};

const REFUND_STATUS_LABELS = { pending: 'Pending', processed: 'Processed', failed: 'Failed' } as const;
const PROVIDER_LABELS = { 'test-gateway': 'Test gateway', razorpay: 'Razorpay', cod: 'Cash on delivery' } as const;

function methodLabel(method: string): string {
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

/** An e-mail that may wrap before its @, so a narrow column does not push the table wider. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function PaymentRow({ payment: p }: { payment: AdminPayment }) {
  const [open, setOpen] = useState(false);
  const detailsId = `payment-details-${p.paymentId}`;
  return (
    <Fragment>
      <tr data-testid="payment-row" className={cn(open && 'bg-slate-50')}>
        <td className="w-0 py-3 pr-0 pl-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`Details of payment for order ${p.orderNumber}`}
            onClick={() => setOpen((v) => !v)}
            title="Details"
            className="inline-flex size-8 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
          >
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </button>
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-slate-700">
          <p>{formatDate(p.createdAt)}</p>
          <p className="text-xs text-slate-600">{formatTime(p.createdAt)}</p>
        </td>
        <th scope="row" className="px-3 py-3 text-left font-normal">
          <p className="font-medium whitespace-nowrap text-slate-900">{p.orderNumber}</p>
          <Badge tone={ORDER_STATUS_TONES[p.orderStatus]} className="mt-1">
            {ORDER_STATUS_LABELS[p.orderStatus]}
          </Badge>
        </th>
        <td className="px-3 py-3">
          <p className="font-medium text-slate-900">{p.customerName}</p>
          <p className="text-slate-600">
            <BreakableEmail email={p.customerEmail} />
          </p>
        </td>
        <td className="px-3 py-3">
          <p className="text-slate-900">{methodLabel(p.method)}</p>
          {p.paidWith && p.paidWith !== p.method && <p className="text-slate-600">paid with {methodLabel(p.paidWith)}</p>}
        </td>
        <td className="px-3 py-3">
          <Badge tone={PAYMENT_STATUS_TONES[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</Badge>
        </td>
        <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{formatPaise(p.amountPaise)}</td>
        <td className="px-3 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
          {p.amountRefundedPaise > 0 ? formatPaise(p.amountRefundedPaise) : <span className="text-slate-400">—</span>}
        </td>
        <td className="min-w-[7rem] px-3 py-3 font-mono text-xs break-all text-slate-700">
          {p.providerPaymentId ?? <span className="font-sans text-slate-400">—</span>}
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="bg-slate-50">
        <td colSpan={9} className="px-3 pb-4">
          {open && <PaymentDetails payment={p} />}
        </td>
      </tr>
    </Fragment>
  );
}

const COLUMNS = ['Date', 'Order', 'Customer', 'Method', 'Status', 'Amount', 'Refunded', 'Provider payment ID'] as const;

/** Payments as a table that scrolls sideways on a phone; each row opens to show its refunds and failure reason. */
export function PaymentsTable({ payments, caption }: { payments: AdminPayment[]; caption: string }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label={caption}>
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-0 py-3 pr-0 pl-2">
              <span className="sr-only">Details</span>
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={cn('px-3 py-3', (c === 'Amount' || c === 'Refunded') && 'text-right')}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {payments.map((p) => (
            <PaymentRow key={p.paymentId} payment={p} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
