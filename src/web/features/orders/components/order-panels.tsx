import { isWebAddress } from '~/shared/paths';
import { documentHeld } from '~/shared/schemas/einvoices';
import { EInvoiceNumbers, HeldDocumentNotice } from '~/web/components/einvoices/document-einvoices';
import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentMethod } from '~/shared/orders';
import type { OrderDetail } from '~/shared/schemas/orders';
import { cn } from '~/web/components/ui/cn';
import { formatDateTime, formatMobile } from '~/web/lib/format';
import { creditNotePdfUrl } from '../api/order-queries';

/** A titled box of the order page. */
export function Panel({ title, children, className, id }: { title: string; children: ReactNode; className?: string; id?: string }) {
  const headingId = id ?? `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className={cn('rounded-lg border border-slate-200 bg-white p-4 sm:p-5', className)}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AddressLines({ address }: { address: OrderDetail['address'] }) {
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
      Mobile: {formatMobile(address.mobile)}
    </address>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

/** How the order is paid: method, EMI tenure, status, payment id, when, refunded. */
export function PaymentDetails({ order }: { order: OrderDetail }) {
  const { payment } = order;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <Row label="Method">
        {PAYMENT_METHOD_LABELS[order.paymentMethod]}
        {order.emiTenureMonths ? ` · ${order.emiTenureMonths} months` : ''}
        {payment.paidWith && payment.paidWith !== order.paymentMethod && payment.paidWith !== 'cod'
          ? ` (paid by ${PAYMENT_METHOD_LABELS[payment.paidWith as PaymentMethod] ?? payment.paidWith})`
          : ''}
      </Row>
      <Row label="Status">
        {order.paymentMethod === 'cod' && payment.status === 'created' ? 'Pay on delivery' : PAYMENT_STATUS_LABELS[payment.status]}
      </Row>
      <Row label="Amount">{formatPaise(payment.amountPaise)}</Row>
      {payment.providerPaymentId && (
        <Row label="Payment ID">
          <code className="text-xs break-all">{payment.providerPaymentId}</code>
        </Row>
      )}
      {payment.capturedAt && <Row label="Paid at">{formatDateTime(payment.capturedAt)}</Row>}
      {payment.amountRefundedPaise > 0 && <Row label="Refunded">{formatPaise(payment.amountRefundedPaise)}</Row>}
      {payment.errorDescription && payment.status === 'failed' && <Row label="Last attempt">{payment.errorDescription}</Row>}
    </dl>
  );
}

const REFUND_STATUS: Record<OrderDetail['refunds'][number]['status'], string> = {
  pending: 'Initiated',
  processed: 'Processed',
  failed: 'Failed',
};

/** Refunds of the order: amount, status, reference and date. */
export function RefundList({ refunds }: { refunds: OrderDetail['refunds'] }) {
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {refunds.map((refund) => (
        <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2 first:pt-0 last:pb-0" data-testid="refund">
          <div>
            <p className="font-semibold text-slate-900">
              {formatPaise(refund.amountPaise)} · {REFUND_STATUS[refund.status]}
            </p>
            <p className="text-slate-600">{refund.reason}</p>
            <p className="text-xs text-slate-600">
              Reference <code className="break-all">{refund.providerRefundId ?? refund.id}</code>
            </p>
          </div>
          <time dateTime={refund.createdAt} className="text-slate-600">
            {formatDateTime(refund.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** Credit notes against the invoice (items cancelled or returned): number, what it credits, why, and its PDF. */
export function CreditNoteList({ order }: { order: OrderDetail }) {
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {order.creditNotes.map((note) => (
        <li key={note.number} className="space-y-1 py-2 first:pt-0 last:pb-0" data-testid="credit-note">
          <p className="font-semibold text-slate-900">
            {note.number} · {formatPaise(note.totalPaise)}
          </p>
          <p className="text-slate-600">{note.reason}</p>
          <p className="text-xs text-slate-600">
            Taxable value {formatPaise(note.taxablePaise)}, GST {formatPaise(note.gstPaise)}
            {note.shippingPaise > 0 ? `, shipping ${formatPaise(note.shippingPaise)}` : ''} ·{' '}
            <time dateTime={note.date}>{formatDateTime(note.date)}</time>
          </p>
          <EInvoiceNumbers eInvoices={note.eInvoices} />
          {documentHeld(note.eInvoices) ? (
            <HeldDocumentNotice document="credit note" number={note.number} eInvoices={note.eInvoices} />
          ) : (
            <a
              href={creditNotePdfUrl(order.id, note.number)}
              download={`${note.number}.pdf`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              <Download aria-hidden="true" className="size-4" />
              Download credit note {note.number} (PDF)
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Parcels on their way or delivered: seller, carrier, tracking number and link; a parcel booked through the
 * shop's courier service (decision 79) shows its tracking timeline in place of the link (`tracking`, by AWB).
 */
export function ShipmentList({
  order,
  tracking,
}: {
  order: OrderDetail;
  /** What to show of the parcel of this AWB: its timeline (with the courier's own link, in place of the one typed), or a note beside the link. */
  tracking?: (awb: string) => { node: ReactNode; replacesLink: boolean } | undefined;
}) {
  const names = new Map(order.items.map((item) => [item.id, item.name]));
  return (
    <ul className="space-y-3 text-sm">
      {order.shipments.map((shipment) => {
        const shown = tracking?.(shipment.trackingNumber);
        return (
          <li key={shipment.id} className="rounded-md border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {shipment.status === 'delivered' && shipment.deliveredAt
                ? `Delivered on ${formatDateTime(shipment.deliveredAt)}`
                : `Shipped on ${formatDateTime(shipment.shippedAt)}`}
            </p>
            <p className="text-slate-700">
              {shipment.carrier} · tracking number <code>{shipment.trackingNumber}</code> · from {shipment.sellerName}
            </p>
            {shipment.itemIds.length > 0 && (
              <p className="text-slate-600">{shipment.itemIds.map((id) => names.get(id) ?? 'Item').join(', ')}</p>
            )}
            {!shown?.replacesLink && isWebAddress(shipment.trackingUrl) && (
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                Track with {shipment.carrier}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
            {shown?.node}
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal, coupon, shipping, total, and the GST inside it (CGST + SGST within the seller's state, IGST otherwise). */
export function OrderTotals({ order, itemCount }: { order: OrderDetail; itemCount?: number }) {
  const { totals } = order;
  const intra = totals.cgstPaise + totals.sgstPaise > 0;
  const inter = totals.igstPaise > 0 || !intra;
  return (
    <div className="text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        <dt className="text-slate-600">Items{itemCount === undefined ? '' : ` (${itemCount})`}</dt>
        <dd className="text-right">{formatPaise(totals.subtotalPaise)}</dd>
        {totals.discountPaise > 0 && (
          <>
            <dt className="text-slate-600">Discount{order.couponCode ? ` (coupon ${order.couponCode})` : ''}</dt>
            <dd className="text-right text-emerald-800">−{formatPaise(totals.discountPaise)}</dd>
          </>
        )}
        <dt className="text-slate-600">{order.deliveryOption === 'express' ? 'Express delivery' : 'Standard delivery'}</dt>
        <dd className="text-right">{totals.shippingPaise === 0 ? 'Free' : formatPaise(totals.shippingPaise)}</dd>
        <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total</dt>
        <dd className="border-t border-slate-200 pt-2 text-right font-semibold text-slate-900" data-testid="order-total">
          {formatPaise(totals.totalPaise)}
        </dd>
      </dl>
      <p className="mt-3 text-xs font-medium text-slate-600">GST included in the total</p>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-700">
        {intra && (
          <>
            <dt>CGST</dt>
            <dd className="text-right">{formatPaise(totals.cgstPaise)}</dd>
            <dt>SGST</dt>
            <dd className="text-right">{formatPaise(totals.sgstPaise)}</dd>
          </>
        )}
        {inter && (
          <>
            <dt>IGST</dt>
            <dd className="text-right">{formatPaise(totals.igstPaise)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
