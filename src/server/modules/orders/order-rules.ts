import { lineRefundPaise } from '~/shared/pricing';
import type { CreditNote } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './orders.repo';

/**
 * The rules of an order once placed that need no service: refunds and credit notes of lines, the
 * status its shipments give it, the refund account, and the order lock. The cart's rules before it
 * is placed are the checkout's (modules/checkout/cart-pricing.ts).
 */
export const ORDER_NOT_FOUND = 'We could not find this order in your account.';
/** Who changed an order, for its timeline: a person, the system (expiry) or the payment provider. */
export type Actor = { role: 'customer' | 'admin' | 'system' | 'vendor' | 'payment'; userId: string | null };

/**
 * A credit note as the orders' pages and rules read it: the returns module issues and keeps them, and
 * publishes this read to the orders (`ReturnReads.creditNotesOf` of order-views.ts).
 */
/** One line of a credit note: how many units of an order line were credited, and their value and GST. */
type CreditNoteLine = CreditNote['lines'][number];

export interface CreditNoteRecord {
  id: string;
  orderId: string;
  seq: number;
  number: string;
  reason: string;
  lines: CreditNoteLine[];
  shippingPaise: number;
  taxablePaise: number;
  gstPaise: number;
  totalPaise: number;
  createdAt: Date;
}

type LineFigures = Pick<repo.OrderItemRow, 'id' | 'productId' | 'quantity' | 'lineTotalPaise' | 'discountPaise'>;

/**
 * The order's lines a selection names, each with how many of it: VALIDATION when a line is not of
 * this order or asks for more than was bought.
 */
export function selectedLines<T extends LineFigures>(items: readonly T[], lines: readonly { itemId: string; quantity: number }[]) {
  return lines.map((line) => {
    const item = items.find((i) => i.id === line.itemId);
    if (!item) throw new AppError('VALIDATION', 'This line is not part of the order.', { fields: { lines: 'Choose lines of this order' } });
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > item.quantity) {
      throw new AppError('VALIDATION', `Refund between 1 and ${item.quantity} of this line.`, { fields: { lines: 'Too many' } });
    }
    return { item, quantity: line.quantity };
  });
}

/**
 * What refunding some lines gives back: each line's price after its share of the coupon discount,
 * pro rata for part of its quantity (rounded to the paisa). Shipping is not refunded with lines.
 */
export function refundOfLines(items: readonly LineFigures[], lines: readonly { itemId: string; quantity: number }[]): number {
  return selectedLines(items, lines).reduce((total, { item, quantity }) => total + lineRefundPaise(item, quantity), 0);
}

/**
 * The lines of a credit note for some units of an order's lines: each share of what the customer
 * paid (as `refundOfLines` counts it) and of its taxable value, pro rata and rounded to the paisa;
 * the GST is the difference, split into CGST and SGST or charged as IGST as on the invoice. Crediting
 * every unit of a line gives back exactly its invoice figures.
 */
export function creditNoteLines(
  items: readonly (LineFigures & Pick<repo.OrderItemRow, 'name' | 'hsnCode' | 'gstRateBp' | 'taxablePaise' | 'igstPaise'>)[],
  lines: readonly { itemId: string; quantity: number }[],
): CreditNoteLine[] {
  return selectedLines(items, lines).map(({ item, quantity }) => {
    const amountPaise = lineRefundPaise(item, quantity);
    const taxablePaise = Math.round((item.taxablePaise * quantity) / item.quantity);
    const gst = amountPaise - taxablePaise;
    const cgstPaise = item.igstPaise > 0 ? 0 : Math.floor(gst / 2);
    return {
      itemId: item.id,
      name: item.name,
      hsnCode: item.hsnCode,
      quantity,
      gstRateBp: item.gstRateBp,
      taxablePaise,
      cgstPaise,
      sgstPaise: item.igstPaise > 0 ? 0 : gst - cgstPaise,
      igstPaise: item.igstPaise > 0 ? gst : 0,
      amountPaise,
    };
  });
}

/** The units of an order's lines not cancelled yet (optionally one vendor's only). */
export function openLinesOf(items: readonly repo.OrderItemRow[], vendorId?: string): { itemId: string; quantity: number }[] {
  return items
    .filter((i) => (vendorId === undefined || i.vendorId === vendorId) && i.quantity > i.cancelledQuantity)
    .map((i) => ({ itemId: i.id, quantity: i.quantity - i.cancelledQuantity }));
}

/** Units of each line already credited (cancelled after the invoice, returned or refunded), from its credit notes. */
export function creditedUnits(notes: readonly Pick<CreditNoteRecord, 'lines'>[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const note of notes) for (const l of note.lines) credited.set(l.itemId, (credited.get(l.itemId) ?? 0) + l.quantity);
  return credited;
}

/**
 * How many units of the order are still the customer's and paid for: neither cancelled nor credited
 * (returned or refunded). 0 once every unit has been refunded or cancelled.
 */
export function unitsLeftOf(
  items: readonly Pick<repo.OrderItemRow, 'id' | 'quantity' | 'cancelledQuantity'>[],
  notes: readonly Pick<CreditNoteRecord, 'lines'>[],
): number {
  const credited = creditedUnits(notes);
  return items.reduce((n, i) => n + Math.max(0, i.quantity - Math.max(i.cancelledQuantity, credited.get(i.id) ?? 0)), 0);
}

/** Whether a credit note has given the delivery charge back already (a cancellation, a return or a refund). */
export function shippingCredited(notes: readonly Pick<CreditNoteRecord, 'shippingPaise'>[]): boolean {
  return notes.some((n) => n.shippingPaise > 0);
}

/** The order, locked for this transaction; NOT_FOUND when missing or (with userId) another customer's. */
export async function lockedOrder(tx: Executor, orderId: string, userId?: string): Promise<repo.OrderRow> {
  const order = await repo.findOrder(tx, orderId, { userId, forUpdate: true });
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/**
 * What an order's status is from its shipments: the sellers with lines not cancelled, which of them
 * shipped and which delivered. `undefined` while no seller has shipped (the order keeps its status).
 */
export function statusFromShipments(
  items: readonly { vendorId: string; quantity: number; cancelledQuantity: number }[],
  shipmentRows: readonly { vendorId: string; status: string }[],
): 'partly_shipped' | 'shipped' | 'partly_delivered' | 'delivered' | undefined {
  const open = new Set(items.filter((i) => i.quantity > i.cancelledQuantity).map((i) => i.vendorId));
  const mine = shipmentRows.filter((s) => open.has(s.vendorId));
  if (mine.length === 0) return undefined;
  const delivered = mine.filter((s) => s.status !== 'shipped').length;
  const all = mine.length === open.size;
  if (delivered === 0) return all ? 'shipped' : 'partly_shipped';
  return all && delivered === mine.length ? 'delivered' : 'partly_delivered';
}

/** An order's statuses while it comes back to the shop after delivery. */
const COMING_BACK: readonly string[] = ['return_requested', 'returned'];

/** Whether the order's return is open: asked for or received back, and not refunded yet. */
export const returnOpen = (order: { status: string }): boolean => COMING_BACK.includes(order.status);

/**
 * Why a bank account for the refund of this order may not be given now, or null when it may: the
 * shop refunds cash on delivery by bank transfer (decision 46), so the customer is asked for the
 * account once the cash was collected and a return asked for, until it is refunded in full. The
 * admin may record one whenever collected cash is left to refund (some items refunded without a
 * return, say): no cash-on-delivery refund is made without one.
 */
export function refundAccountProblem(
  order: { status: string; paymentMethod: string },
  payment: { provider: string; status: string; amountPaise: number; amountRefundedPaise: number },
  by: 'customer' | 'admin' = 'customer',
): string | null {
  if (order.paymentMethod !== 'cod' || payment.provider !== 'cod')
    return 'This order was paid online: its refund goes back the way you paid, so no bank account is needed.';
  const left = payment.amountPaise - payment.amountRefundedPaise;
  if (order.status === 'refunded' || payment.status === 'refunded' || (payment.status === 'partially_refunded' && left <= 0))
    return 'This order has been refunded already.';
  if (by === 'customer' && !returnOpen(order))
    return 'A bank account for your refund is asked for once you have asked to return the order.';
  if (payment.status !== 'captured' && payment.status !== 'partially_refunded')
    return 'The cash for this order has not been collected: there is nothing to refund.';
  return null;
}
