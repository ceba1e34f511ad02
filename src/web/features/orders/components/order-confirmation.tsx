import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, PackageX } from 'lucide-react';
import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '~/shared/orders';
import { paths } from '~/shared/paths';
import type { OrderDetail } from '~/shared/schemas/orders';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Alert, EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { orderQueryOptions, useStartPayment } from '../api/order-queries';
import { formatDeliveryWindow } from '../order-format';
import { AddressLines, OrderTotals, Panel } from './order-panels';
import { NoWrap } from '~/web/components/ui/no-wrap';

/** The page the customer lands on after placing (and paying for) an order. */
export function OrderConfirmation({ orderId, paymentFailed }: { orderId: string; paymentFailed: boolean }) {
  const { data: order, isPending, isError, error, refetch } = useQuery(orderQueryOptions(orderId));
  const notFound = isError && isApiError(error) && error.status === 404;
  useDocumentTitle(
    order
      ? order.status === 'pending_payment'
        ? 'Payment not completed'
        : order.status === 'cancelled'
          ? 'Order cancelled'
          : 'Order placed'
      : notFound
        ? 'Order not found'
        : 'Your order',
  );

  if (isPending) return <ListSkeleton rows={4} label="Loading your order" />;
  if (notFound) {
    return (
      <div>
        <h1 className="sr-only">Order not found</h1>
        <EmptyState icon={<PackageX />} title="Order not found" action={<ButtonLink to={paths.orders}>See your orders</ButtonLink>}>
          We could not find this order in your account.
        </EmptyState>
      </div>
    );
  }
  if (isError) {
    return (
      <div>
        <h1 className="sr-only">Your order</h1>
        <ErrorState title="Your order could not be loaded" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (order.status === 'pending_payment') return <PaymentPending order={order} paymentFailed={paymentFailed} />;
  if (order.status === 'cancelled') {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">
          Order <NoWrap>{order.orderNumber}</NoWrap> was cancelled
        </h1>
        <Alert tone="warning">{order.cancelReason ?? 'This order is no longer active.'}</Alert>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.orderDetails(order.id)}>View order details</ButtonLink>
          <ButtonLink to={paths.products} variant="secondary">
            Continue shopping
          </ButtonLink>
        </div>
      </div>
    );
  }
  return <Confirmed order={order} />;
}

function PaymentPending({ order, paymentFailed }: { order: OrderDetail; paymentFailed: boolean }) {
  const pay = useStartPayment(order.id);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <Clock aria-hidden="true" className="size-12 text-amber-600" />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Payment not completed</h1>
        <p className="text-slate-700">
          Order {order.orderNumber} · {formatPaise(order.totals.totalPaise)}
        </p>
      </div>
      <Alert
        tone={paymentFailed || order.payment.status === 'failed' ? 'error' : 'warning'}
        title={paymentFailed ? 'Your payment did not go through' : 'We have not received your payment yet'}
      >
        {order.payment.errorDescription ?? 'The payment was not finished. No money was taken; if it was, it is refunded automatically.'}
      </Alert>
      {order.paymentDueAt && (
        <p className="text-sm text-slate-700">
          We hold the items for you until <strong>{formatDateTime(order.paymentDueAt)}</strong>. If the order is not paid by then, it is
          cancelled and the stock goes back on sale.
        </p>
      )}
      {pay.isError && <Alert tone="error">{pay.error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        {order.actions.canPay && (
          <Button onClick={() => pay.mutate()} loading={pay.isPending} size="lg">
            Try again
          </Button>
        )}
        <ButtonLink to={paths.orderDetails(order.id)} variant="secondary" size="lg">
          View order details
        </ButtonLink>
      </div>
    </div>
  );
}

const NEXT_STEPS = {
  prepaid: [
    'We pack your order and hand it to the courier, usually within one working day.',
    'You get an e-mail with the tracking number as soon as it ships.',
    'Your GST invoice is in your order details; the courier may ask for an OTP on delivery.',
  ],
  cod: [
    'We pack your order and hand it to the courier, usually within one working day.',
    'You get an e-mail with the tracking number as soon as it ships.',
    'Please keep the exact amount ready in cash or pay by UPI to the courier on delivery.',
  ],
};

function Confirmed({ order }: { order: OrderDetail }) {
  const cod = order.paymentMethod === 'cod';
  const delivery = formatDeliveryWindow(order.expectedFrom, order.expectedBy);
  const itemCount = order.items.reduce((n, item) => n + item.quantity, 0);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-col items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-6 py-8 text-center">
        <CircleCheck aria-hidden="true" className="size-14 text-emerald-700" />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Thank you! Your order is confirmed</h1>
        <p className="text-slate-700">
          Order number <strong data-testid="order-number">{order.orderNumber}</strong> · {ORDER_STATUS_LABELS[order.status]}
        </p>
        <p className="text-sm text-slate-700">We have sent the confirmation to {order.customer.email}.</p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="Order summary">
          <ul className="space-y-1 text-sm text-slate-800">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span>
                  {item.name} × {item.quantity}
                </span>
                <span className="shrink-0">{formatPaise(item.lineTotalPaise)}</span>
              </li>
            ))}
          </ul>
          {/* The same breakdown as the order page: the lines above add up to the total with the coupon and delivery. */}
          <div className="mt-3 border-t border-slate-200 pt-3">
            <OrderTotals order={order} itemCount={itemCount} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
            <dt className="text-slate-600">Payment</dt>
            <dd>
              {PAYMENT_METHOD_LABELS[order.paymentMethod]}
              {order.emiTenureMonths ? ` · ${order.emiTenureMonths} months` : ''} · {cod ? 'Pay on delivery' : 'Paid'}
            </dd>
            {delivery && (
              <>
                <dt className="text-slate-600">Expected delivery</dt>
                <dd className="font-semibold text-slate-900">{delivery}</dd>
              </>
            )}
          </dl>
        </Panel>
        <Panel title="Delivering to">
          <AddressLines address={order.address} />
        </Panel>
      </div>

      <Panel title="What happens next">
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-800">
          {(cod ? NEXT_STEPS.cod : NEXT_STEPS.prepaid).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Panel>

      <div className="flex flex-wrap gap-2">
        <ButtonLink to={paths.orderDetails(order.id)}>View order details</ButtonLink>
        <ButtonLink to={paths.products} variant="secondary">
          Continue shopping
        </ButtonLink>
      </div>
    </div>
  );
}
