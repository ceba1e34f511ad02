import type { ReactNode } from 'react';
import { PRODUCT_STATUS_LABELS, type ProductStatus } from '~/shared/constants';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatusName } from '~/shared/orders';
import { RETURN_CONDITION_LABELS, type ReturnCondition } from '~/shared/schemas/orders';
import { REFUND_STATUS_LABELS, type RefundStatus } from '~/shared/schemas/payments';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '~/shared/schemas/payouts';
import { EINVOICE_STATUS_LABELS, type EInvoiceStatus } from '~/shared/schemas/einvoices';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '~/shared/schemas/product-imports';
import { Badge, type Tone } from './badge';

/**
 * Each status the shop shows as a coloured badge, with its words and its tone, written once: the
 * storefront, the seller centre and the back office show an order (a payment, a payout…) alike.
 */
const STATUSES = {
  order: {
    labels: ORDER_STATUS_LABELS,
    tones: {
      pending_payment: 'warning',
      placed: 'brand',
      processing: 'brand',
      partly_shipped: 'brand',
      partly_delivered: 'brand',
      shipped: 'brand',
      delivered: 'success',
      cancelled: 'danger',
      return_requested: 'warning',
      returned: 'neutral',
      refunded: 'neutral',
    } satisfies Record<OrderStatus, Tone>,
  },
  payment: {
    labels: PAYMENT_STATUS_LABELS,
    tones: {
      created: 'warning',
      authorized: 'brand',
      captured: 'success',
      failed: 'danger',
      refunded: 'neutral',
      partially_refunded: 'warning',
      cancelled: 'neutral',
    } satisfies Record<PaymentStatusName, Tone>,
  },
  refund: {
    labels: REFUND_STATUS_LABELS,
    tones: { pending: 'warning', processed: 'success', failed: 'danger' } satisfies Record<RefundStatus, Tone>,
  },
  payout: {
    labels: PAYOUT_STATUS_LABELS,
    tones: { pending: 'warning', paid: 'success' } satisfies Record<PayoutStatus, Tone>,
  },
  product: {
    labels: PRODUCT_STATUS_LABELS,
    tones: {
      draft: 'neutral',
      pending_review: 'warning',
      active: 'success',
      archived: 'neutral',
      hidden: 'danger',
    } satisfies Record<ProductStatus, Tone>,
  },
  /** A returned item as it was received: back in stock, or written off. */
  return: {
    labels: RETURN_CONDITION_LABELS,
    tones: { resellable: 'success', damaged: 'danger' } satisfies Record<ReturnCondition, Tone>,
  },
  import: {
    labels: IMPORT_STATUS_LABELS,
    tones: { queued: 'neutral', running: 'brand', done: 'success', failed: 'danger' } satisfies Record<ImportStatus, Tone>,
  },
  /** An e-invoice's registration with the IRP (decision 76). */
  einvoice: {
    labels: EINVOICE_STATUS_LABELS,
    tones: { pending: 'warning', registered: 'success', failed: 'danger', cancelled: 'neutral' } satisfies Record<EInvoiceStatus, Tone>,
  },
} as const;

export type StatusKind = keyof typeof STATUSES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUSES)[K]['labels'] & string;

/** The tone of a status, for the few places that colour something else by it. */
export function statusTone<K extends StatusKind>(of: K, status: StatusOf<K>): Tone {
  return (STATUSES[of].tones as Record<string, Tone>)[status] ?? 'neutral';
}

/** A status as a coloured badge: `<StatusBadge of="order" status={order.status} />`. */
export function StatusBadge<K extends StatusKind>({
  of,
  status,
  className,
  children,
}: {
  of: K;
  status: StatusOf<K>;
  className?: string;
  /** Shown after the label (a date, a note). */
  children?: ReactNode;
}) {
  const label = (STATUSES[of].labels as Record<string, string>)[status] ?? status;
  return (
    <Badge tone={statusTone(of, status)} className={className}>
      {label}
      {children}
    </Badge>
  );
}
