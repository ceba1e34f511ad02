import type { ReactNode } from 'react';
import { EInvoiceNumbers, HeldDocumentNotice } from '~/web/components/einvoices/document-einvoices';
import { useQuery } from '@tanstack/react-query';
import { BusinessLines } from '~/web/components/address/business-lines';
import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { refundTime } from '~/shared/orders';
import { paths } from '~/shared/paths';
import type { OrderDetail } from '~/shared/schemas/orders';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert, EmptyState, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatDate, formatDateTime } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { orderQueryOptions } from '../api/order-queries';
import { formatDeliveryWindow, OPEN_STATUSES } from '../order-format';
import { OrderActions } from './order-actions';
import { OrderItems } from './order-items';
import { AddressLines, CreditNoteList, OrderTotals, Panel, PaymentDetails, RefundList, ShipmentList } from './order-panels';
import { OrderProgress } from './order-progress';
import { OrderTimeline } from './order-timeline';
import { RefundAccountPanel } from './refund-account-panel';
import { ParcelTimeline, ParcelTrackingError, ParcelTrackingLoading, useParcelTracking } from './parcel-tracking';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { ReturnPhotoGallery } from '~/web/components/orders/return-photo-gallery';
import { StatusBadge } from '~/web/components/ui/status-badge';

export function OrderNotFound() {
  useDocumentTitle('Order not found');
  return (
    <div>
      <h1 className="sr-only">Order not found</h1>
      <EmptyState icon={<PackageX />} title="Order not found" action={<ButtonLink to={paths.orders}>See your orders</ButtonLink>}>
        We could not find this order in your account.
      </EmptyState>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading the order" className="space-y-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-16 w-full" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

/** The order's parcels, each booked one with the courier's tracking timeline. */
function ShipmentsPanel({ order }: { order: OrderDetail }) {
  const tracking = useParcelTracking(order.id);
  const timeline = (awb: string) => {
    if (tracking.isPending) return { node: <ParcelTrackingLoading />, replacesLink: false };
    if (tracking.isError) return { node: <ParcelTrackingError onRetry={() => void tracking.refetch()} />, replacesLink: false };
    const parcel = tracking.data.find((p) => p.awb === awb);
    return parcel ? { node: <ParcelTimeline orderId={order.id} parcel={parcel} />, replacesLink: true } : undefined;
  };
  return (
    <Panel title="Shipments">
      <ShipmentList order={order} tracking={timeline} />
    </Panel>
  );
}

/** One of the customer's orders: status, items, delivery, payment, refunds, shipments, totals and actions. */
/** `extra`: what the page adds below the order's updates (the complaints to the grievance officer). */
export function OrderDetailsView({ orderId, extra }: { orderId: string; extra?: (order: OrderDetail) => ReactNode }) {
  const { data: order, isPending, isError, error, refetch } = useQuery(orderQueryOptions(orderId));
  useDocumentTitle(order ? `Order ${order.orderNumber}` : isError && isApiError(error, 'NOT_FOUND') ? 'Order not found' : 'Order');

  if (isPending) return <DetailsSkeleton />;
  if (isError) {
    if (isApiError(error, 'NOT_FOUND') || (isApiError(error) && error.status === 404)) return <OrderNotFound />;
    return (
      <div>
        <h1 className="sr-only">Order</h1>
        <ErrorState title="This order could not be loaded" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return <OrderDetailsContent order={order} extra={extra} />;
}

function StatusNotes({ order }: { order: OrderDetail }) {
  const refunded = order.refunds.filter((r) => r.status !== 'failed');
  const refundTakes = refundTime(order.payment.paidWith ?? order.payment.method);
  const deliveryWindow = formatDeliveryWindow(order.expectedFrom, order.expectedBy);
  return (
    <>
      {order.status === 'pending_payment' && (
        <Alert tone="warning" title="Payment not completed">
          {order.payment.errorDescription ? `${order.payment.errorDescription} ` : ''}
          {order.paymentDueAt
            ? `We hold the items for you until ${formatDateTime(order.paymentDueAt)}; after that the order is cancelled.`
            : ''}
        </Alert>
      )}
      {order.status === 'cancelled' && (
        <Alert tone="info" title="This order was cancelled">
          {order.cancelReason ?? undefined}
        </Alert>
      )}
      {order.status === 'return_requested' && (
        <Alert tone="info" title="Return requested">
          {order.returnReason ? `${order.returnReason}. ` : ''}We will arrange the pickup and refund you once the parcel reaches us.
          <ReturnPhotoGallery orderId={order.id} photos={order.returnPhotos} label="The photos you sent" />
        </Alert>
      )}
      {refunded.map((refund) => (
        <Alert
          key={refund.id}
          tone="success"
          title={`Refund of ${formatPaise(refund.amountPaise)} ${refund.status === 'processed' ? 'processed' : 'initiated'}`}
        >
          {refund.status === 'processed'
            ? `It is on its way to the way you paid: banks take ${refundTakes} to show it.`
            : `It usually reaches the way you paid within ${refundTakes}.`}
        </Alert>
      ))}
      {deliveryWindow && OPEN_STATUSES.has(order.status) && order.status !== 'pending_payment' && (
        <p className="text-sm text-slate-700">
          Expected delivery: <strong>{deliveryWindow}</strong>
        </p>
      )}
      {order.deliveredAt && order.status === 'delivered' && (
        <p className="text-sm text-slate-700">Delivered on {formatDateTime(order.deliveredAt)}.</p>
      )}
    </>
  );
}

export function OrderDetailsContent({ order, extra }: { order: OrderDetail; extra?: (order: OrderDetail) => ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm">
            <Link to={paths.orders} className="text-brand-700 hover:underline">
              ← My orders
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Order <NoWrap>{order.orderNumber}</NoWrap>
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
            <span>
              Placed on <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
            </span>
            <StatusBadge of="order" status={order.status} />
          </p>
        </div>
        <OrderActions order={order} />
      </div>

      <div className="space-y-3" aria-live="polite">
        <StatusNotes order={order} />
        {order.invoice && <HeldDocumentNotice document="invoice" number={order.invoice.number} eInvoices={order.invoice.eInvoices} />}
      </div>
      <OrderProgress order={order} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RefundAccountPanel order={order} />
          <Panel title="Items">
            <OrderItems items={order.items} delivered={order.deliveredAt !== null && order.status !== 'cancelled'} />
          </Panel>
          {order.shipments.length > 0 && <ShipmentsPanel order={order} />}
          <Panel title="Order updates">
            <OrderTimeline timeline={order.timeline} />
          </Panel>
          {extra?.(order)}
        </div>
        <div className="space-y-6">
          <Panel title="Order total">
            <OrderTotals order={order} />
          </Panel>
          <Panel title="Payment">
            <PaymentDetails order={order} />
          </Panel>
          {order.refunds.length > 0 && (
            <Panel title="Refunds">
              <RefundList refunds={order.refunds} />
            </Panel>
          )}
          {order.creditNotes.length > 0 && (
            <Panel title="Credit notes">
              <CreditNoteList order={order} />
            </Panel>
          )}
          {order.business && (
            <Panel title="Bought for your business">
              <BusinessLines business={order.business} />
              {order.invoice && (
                <div className="mt-2">
                  <EInvoiceNumbers eInvoices={order.invoice.eInvoices} />
                </div>
              )}
            </Panel>
          )}
          <Panel title="Delivery address">
            <AddressLines address={order.address} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
