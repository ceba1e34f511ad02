import { ArrowLeft, ExternalLink, FileText } from 'lucide-react';
import { documentHeld } from '~/shared/schemas/einvoices';
import { EInvoiceNumbers, HeldDocumentNotice } from '~/web/components/einvoices/document-einvoices';
import { BusinessLines } from '~/web/components/address/business-lines';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { backOfficeActor, inThirdPerson, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '~/shared/orders';
import { isWebAddress, paths } from '~/shared/paths';
import { SHIPMENT_STATUS_LABELS } from '~/shared/schemas/orders';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';
import { Button } from '~/web/components/ui/button';
import { ScrollRegion } from '~/web/components/ui/scroll-region';
import { formatDateTime, formatMobile } from '~/web/lib/format';
import { AdminOrderStatus } from './admin-order-badges';
import { ConfirmStepDialog, type ConfirmStep } from './confirm-step-dialog';
import { LinesDialog, type LinesMode } from './lines-dialog';
import { RefundAccountCard } from './refund-account-card';
import { SerialHoldPanel } from './serial-hold-panel';
import { ShipDialog } from './ship-dialog';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { OneLine } from '~/web/components/ui/one-line';
import { ReturnPhotoGallery } from '~/web/components/orders/return-photo-gallery';
import { UnitSerials } from '~/web/components/orders/unit-serials';

const linkClasses = 'text-brand-700 underline underline-offset-2 hover:text-brand-900';

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ''}`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-800">{children}</div>
    </section>
  );
}

/** The steps the admin may take now, as buttons that open their dialogs. */
function Actions({
  data,
  onShip,
  onConfirm,
  onLines,
}: {
  data: AdminOrderResponse;
  onShip: () => void;
  onConfirm: (step: ConfirmStep) => void;
  onLines: (mode: LinesMode) => void;
}) {
  const { can } = data.controls;
  const any = Object.values(can).some(Boolean);
  if (!any) return <p className="text-sm text-slate-600">Nothing is waiting on this order.</p>;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Order steps">
      {can.ship && <Button onClick={onShip}>Ship</Button>}
      {can.deliver && <Button onClick={() => onConfirm('deliver')}>Mark delivered</Button>}
      {can.receiveReturn && <Button onClick={() => onConfirm('return-received')}>Receive return</Button>}
      {can.refundReturn && <Button onClick={() => onConfirm('refund')}>Refund in full</Button>}
      {can.refundLines && (
        <Button variant="secondary" onClick={() => onLines('refund')}>
          Refund items
        </Button>
      )}
      {(can.cancel || can.cancelLines) && (
        <Button variant="danger" onClick={() => onLines('cancel')}>
          {can.cancel ? 'Cancel…' : 'Cancel items'}
        </Button>
      )}
    </div>
  );
}

/** One order as the back office sees it: who, where, what from whom, shipments, money, documents, timeline, and its steps. */
export function AdminOrderView({ data }: { data: AdminOrderResponse }) {
  const { order, controls } = data;
  const [shipping, setShipping] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmStep | null>(null);
  const [lines, setLines] = useState<LinesMode | null>(null);
  const vendorOf = new Map(controls.lines.map((l) => [l.itemId, l.vendorId]));
  const sellerNames = new Map(controls.sellers.map((s) => [s.vendorId, s.name]));
  const documentsBase = `/api/orders/${encodeURIComponent(order.id)}`;

  return (
    <div className="space-y-5">
      <Link to={paths.admin.orders} className={`inline-flex items-center gap-1 text-sm ${linkClasses}`}>
        <ArrowLeft aria-hidden="true" className="size-4" /> All orders
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">
            Order <NoWrap>{order.orderNumber}</NoWrap>
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>
              Placed <time dateTime={order.orderDate}>{formatDateTime(order.orderDate)}</time>
            </span>
            <AdminOrderStatus status={order.status} late={controls.late} />
          </p>
        </div>
        <Actions data={data} onShip={() => setShipping(true)} onConfirm={setConfirm} onLines={setLines} />
      </header>
      {order.cancelReason && <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">Cancelled: {order.cancelReason}</p>}
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
      <SerialHoldPanel orderId={order.id} orderNumber={order.orderNumber} holds={order.serialHolds ?? []} />
      <RefundAccountCard data={data} />

      <div className="grid gap-4 md:grid-cols-3">
        <Panel title="Customer">
          <Link to={paths.adminUser(controls.customerId)} className={linkClasses}>
            {order.customer.name}
          </Link>
          <OneLine fill className="text-slate-700">
            {order.customer.email}
          </OneLine>
        </Panel>
        {order.business && (
          <Panel title="Business buyer">
            <BusinessLines business={order.business} />
          </Panel>
        )}
        <Panel title="Shipping address">
          <address className="not-italic">
            {order.address.fullName}
            <br />
            {order.address.line1}
            {order.address.line2 && (
              <>
                <br />
                {order.address.line2}
              </>
            )}
            <br />
            {order.address.city}, {order.address.state} {order.address.pinCode}
            <br />
            {formatMobile(order.address.mobile)}
          </address>
        </Panel>
        <Panel title="Payment">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-600">Method</dt>
            <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd>{PAYMENT_STATUS_LABELS[order.payment.status]}</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="tabular-nums">{formatPaise(order.payment.amountPaise)}</dd>
            <dt className="text-slate-600">Refunded</dt>
            <dd className="tabular-nums">{formatPaise(order.payment.amountRefundedPaise)}</dd>
            {order.payment.providerPaymentId && (
              <>
                <dt className="text-slate-600">Reference</dt>
                <dd className="min-w-0">
                  <OneLine fill>{order.payment.providerPaymentId}</OneLine>
                </dd>
              </>
            )}
          </dl>
        </Panel>
      </div>

      <Panel title="Items">
        <ScrollRegion label="Items of the order">
          <table className="w-full min-w-[36rem] text-left">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Item
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Seller
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Line total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-t border-slate-100 align-top" data-testid="admin-order-line">
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                    {item.name}
                    <span className="block text-xs text-slate-600">
                      {item.brand} · HSN {item.hsnCode}
                    </span>
                    <UnitSerials units={item.units} label={item.name} />
                  </th>
                  <td className="py-2 pr-3">{sellerNames.get(vendorOf.get(item.id) ?? '') ?? item.sellerName}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {item.quantity}
                    {item.cancelledQuantity > 0 && <span className="block text-xs text-red-800">{item.cancelledQuantity} cancelled</span>}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPaise(item.unitPricePaise)}</td>
                  <td className="py-2 text-right tabular-nums">{formatPaise(item.lineTotalPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-200">
              {order.totals.discountPaise > 0 && (
                <tr>
                  <td colSpan={4} className="py-1 pr-3 text-right text-slate-600">
                    Discount{order.couponCode ? ` (${order.couponCode})` : ''}
                  </td>
                  <td className="py-1 text-right tabular-nums">−{formatPaise(order.totals.discountPaise)}</td>
                </tr>
              )}
              <tr>
                <td colSpan={4} className="py-1 pr-3 text-right text-slate-600">
                  Shipping
                </td>
                <td className="py-1 text-right tabular-nums">{formatPaise(order.totals.shippingPaise)}</td>
              </tr>
              <tr>
                <td colSpan={4} className="py-1 pr-3 text-right font-semibold">
                  Total (GST {formatPaise(order.totals.gstPaise)} included)
                </td>
                <td className="py-1 text-right font-semibold tabular-nums">{formatPaise(order.totals.totalPaise)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      </Panel>

      <div className="grid gap-4 md:grid-cols-2">
        <Panel title="Shipments">
          {order.shipments.length === 0 ? (
            <p className="text-slate-600">Not shipped yet.</p>
          ) : (
            <ul className="space-y-3">
              {order.shipments.map((s) => (
                <li key={s.id} data-testid="admin-order-shipment">
                  <p className="font-medium text-slate-900">
                    {s.sellerName} <Badge tone={s.status === 'shipped' ? 'brand' : 'neutral'}>{SHIPMENT_STATUS_LABELS[s.status]}</Badge>
                    {s.returnCondition && (
                      <>
                        {' '}
                        <StatusBadge of="return" status={s.returnCondition} />
                      </>
                    )}
                  </p>
                  <p>
                    {s.carrier} · AWB <NoWrap>{s.trackingNumber}</NoWrap>
                    {isWebAddress(s.trackingUrl) && (
                      <>
                        {' · '}
                        <a
                          href={s.trackingUrl}
                          target="_blank"
                          rel="noreferrer"
                          className={`inline-flex items-center gap-1 ${linkClasses}`}
                        >
                          Track <ExternalLink aria-hidden="true" className="size-3.5" />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      </>
                    )}
                  </p>
                  <p className="text-xs text-slate-600">
                    Shipped {formatDateTime(s.shippedAt)}
                    {s.deliveredAt && <> · delivered {formatDateTime(s.deliveredAt)}</>}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Refunds and documents">
          {order.refunds.length === 0 ? (
            <p className="text-slate-600">No refunds.</p>
          ) : (
            <ul className="space-y-1">
              {order.refunds.map((r) => (
                <li key={r.id} data-testid="admin-order-refund">
                  <span className="font-medium tabular-nums">{formatPaise(r.amountPaise)}</span> · {r.reason} ·{' '}
                  <span className="text-slate-600">
                    {r.status} {formatDateTime(r.createdAt)}
                    {r.providerRefundId && <> · {r.providerRefundId}</>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ul className="mt-3 space-y-1">
            {order.invoice && (
              <li className="space-y-1">
                {documentHeld(order.invoice.eInvoices) ? (
                  <HeldDocumentNotice document="invoice" number={order.invoice.number} eInvoices={order.invoice.eInvoices} />
                ) : (
                  <a href={`${documentsBase}/invoice.pdf`} className={`inline-flex items-center gap-1 ${linkClasses}`}>
                    <FileText aria-hidden="true" className="size-4" /> Tax invoice {order.invoice.number} (PDF)
                  </a>
                )}
                <EInvoiceNumbers eInvoices={order.invoice.eInvoices} />
              </li>
            )}
            {order.creditNotes.map((n) => (
              <li key={n.number}>
                {documentHeld(n.eInvoices) ? (
                  <HeldDocumentNotice document="credit note" number={n.number} eInvoices={n.eInvoices} />
                ) : (
                  <a
                    href={`${documentsBase}/credit-notes/${encodeURIComponent(n.number)}`}
                    className={`inline-flex items-center gap-1 ${linkClasses}`}
                  >
                    <FileText aria-hidden="true" className="size-4" /> Credit note {n.number} (PDF)
                  </a>
                )}{' '}
                <span className="text-slate-600">
                  {formatPaise(n.totalPaise)} · {n.reason}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <Panel title="Timeline">
        <ol className="space-y-2">
          {order.timeline.map((e, index) => (
            <li key={index} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-900">{inThirdPerson(e.message)}</p>
              <p className="text-xs text-slate-600">
                {backOfficeActor(e.actorRole)} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      </Panel>

      {controls.can.ship && (
        <ShipDialog
          key={controls.sellers
            .filter((s) => s.shipment === null)
            .map((s) => s.vendorId)
            .join()}
          data={data}
          open={shipping}
          onOpenChange={setShipping}
        />
      )}
      <ConfirmStepDialog order={order} refundAccount={controls.refundAccount} step={confirm} onClose={() => setConfirm(null)} />
      <LinesDialog data={data} mode={lines} onClose={() => setLines(null)} />
    </div>
  );
}
