import { ArrowLeft, ExternalLink } from 'lucide-react';
import { BusinessLines } from '~/web/components/address/business-lines';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '~/shared/orders';
import { isWebAddress, paths } from '~/shared/paths';
import { RETURN_CONDITION_LABELS, SHIPMENT_STATUS_LABELS } from '~/shared/schemas/orders';
import type { VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import { UnitSerials } from '~/web/components/orders/unit-serials';
import { CouponShareNote } from '~/web/components/orders/coupon-share-note';
import { ReturnPhotoGallery } from '~/web/components/orders/return-photo-gallery';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { formatCount, formatDate, formatDateTime, formatMobile } from '~/web/lib/format';
import { EwayBillPanel } from './eway-bill-panel';
import { VendorOrderActions } from './vendor-order-actions';

const linkClasses = 'text-brand-700 underline-offset-2 hover:underline';

/** A titled box of the order's page. */
function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `vendor-order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5 ${className ?? ''}`}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The vendor's lines: what to pack, at what price, what was cancelled, and its share after any coupon. */
function Lines({ order }: { order: VendorOrderDetail }) {
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {order.lines.map((l) => {
          const open = l.quantity - l.cancelledQuantity;
          return (
            <li key={l.itemId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2 first:pt-0">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{l.name}</p>
                <p className="text-sm text-slate-600">
                  {l.brand} · HSN {l.hsnCode} · {formatCount(open)} × {formatPaise(l.unitPricePaise)}
                </p>
                {l.cancelledQuantity > 0 && (
                  <p className="text-sm text-red-700">
                    {formatCount(l.cancelledQuantity)} of {formatCount(l.quantity)} cancelled
                  </p>
                )}
                <UnitSerials units={l.units} label={l.name} />
              </div>
              <p className="text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatPaise(l.unitPricePaise * open)}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex items-start justify-between gap-4 border-t border-slate-200 pt-3">
        <p className="text-slate-700">Your share ({formatCount(order.itemCount)} items, GST included)</p>
        <div className="text-right">
          <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatPaise(order.amountPaise)}</p>
          <CouponShareNote paise={order.couponSharePaise} code={order.couponCode} />
        </div>
      </div>
    </>
  );
}

function DeliverTo({ address }: { address: VendorOrderDetail['deliverTo'] }) {
  return (
    <address className="text-sm leading-6 text-slate-800 not-italic">
      <span className="font-semibold">{address.fullName}</span>
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.pinCode}
      <br />
      Mobile:{' '}
      <a href={`tel:${address.mobile}`} className={linkClasses}>
        <NoWrap>{formatMobile(address.mobile)}</NoWrap>
      </a>
    </address>
  );
}

function Shipment({ order }: { order: VendorOrderDetail }) {
  const { shipment } = order;
  if (!shipment) {
    return order.packedAt ? (
      <p className="text-sm text-slate-700">
        <Badge tone="brand">Packed</Badge> on {formatDateTime(order.packedAt)}, waiting for the courier.
      </p>
    ) : (
      <p className="text-sm text-slate-700">Not packed yet.</p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Courier</dt>
      <dd className="text-slate-900">{shipment.carrier}</dd>
      <dt className="text-slate-600">Tracking</dt>
      <dd className="min-w-0 font-mono break-all text-slate-900">
        {isWebAddress(shipment.trackingUrl) ? (
          <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className={`inline-flex items-center gap-1 ${linkClasses}`}>
            {shipment.trackingNumber}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(track with {shipment.carrier}, opens in a new tab)</span>
          </a>
        ) : (
          shipment.trackingNumber
        )}
      </dd>
      <dt className="text-slate-600">Status</dt>
      <dd className="text-slate-900">
        {SHIPMENT_STATUS_LABELS[shipment.status]}
        {shipment.returnCondition && `: ${RETURN_CONDITION_LABELS[shipment.returnCondition].toLowerCase()}`}
      </dd>
      <dt className="text-slate-600">Shipped</dt>
      <dd className="text-slate-900">{formatDateTime(shipment.shippedAt)}</dd>
      {shipment.deliveredAt && (
        <>
          <dt className="text-slate-600">Delivered</dt>
          <dd className="text-slate-900">{formatDateTime(shipment.deliveredAt)}</dd>
        </>
      )}
    </dl>
  );
}

function Timeline({ timeline }: { timeline: VendorOrderDetail['timeline'] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {timeline.map((entry, i) => (
        <li key={`${entry.at}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-700 ring-4 ring-white" />
          <p className="text-sm font-medium text-slate-900">{entry.message}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * One of the seller's orders: its own items, where they go (the address and mobile the courier
 * needs), how it is paid, its shipment, what happened, and the steps the orders list offers.
 */
export function VendorOrderView({ order, locked }: { order: VendorOrderDetail; locked: boolean }) {
  return (
    <div className="space-y-5">
      <Link to={paths.vendor.orders} className={`inline-flex items-center gap-1 text-sm ${linkClasses}`}>
        <ArrowLeft aria-hidden="true" className="size-4" /> All orders
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Order <NoWrap>{order.orderNumber}</NoWrap>
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>
              Placed <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
            </span>
            <StatusBadge of="order" status={order.status} />
          </p>
        </div>
        <div role="group" aria-label="Steps for this order" className="min-w-0 max-w-full">
          <VendorOrderActions order={order} locked={locked} />
        </div>
      </header>
      {order.returnReason && (
        <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>Return asked for: {order.returnReason}</p>
          <ReturnPhotoGallery
            orderId={order.id}
            photos={order.returnPhotos}
            removed={order.returnPhotosRemoved}
            label="The customer’s photos of the return"
          />
        </div>
      )}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <Section title="Your items">
            <Lines order={order} />
          </Section>
          <Section title="Timeline">
            <Timeline timeline={order.timeline} />
          </Section>
        </div>
        <div className="min-w-0 space-y-5">
          {order.business && (
            <Section title="Business buyer">
              <p className="mb-2 text-sm text-slate-600">Your invoice for this order is a B2B tax invoice to this GSTIN.</p>
              <BusinessLines business={order.business} />
            </Section>
          )}
          <Section title="Deliver to">
            <DeliverTo address={order.deliverTo} />
          </Section>
          <Section title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Method</dt>
              <dd className="text-slate-900">{PAYMENT_METHOD_LABELS[order.payment.method]}</dd>
              <dt className="text-slate-600">Status</dt>
              <dd className="text-slate-900">
                {order.payment.method === 'cod' && order.payment.status === 'created'
                  ? 'To be collected on delivery'
                  : PAYMENT_STATUS_LABELS[order.payment.status]}
              </dd>
            </dl>
          </Section>
          <Section title="Shipment">
            <Shipment order={order} />
          </Section>
          <Section title="E-way bill">
            <EwayBillPanel orderId={order.id} locked={locked} />
          </Section>
        </div>
      </div>
    </div>
  );
}
