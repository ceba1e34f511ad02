import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PaymentStatusName } from '~/shared/orders';
import { RETURN_CONDITION_LABELS, type ReturnCondition } from '~/shared/schemas/orders';
import type { VendorOrder, VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import type { Executor } from '../../db/client';
import { iso } from '../../lib/dates';
import type { PaymentsService } from '../payments/payments.service';
import type { ReturnReads } from './order-views';
import { serialHoldsOf, unitsOfLine } from './order-units';
import * as repo from './orders.repo';

type Entry = VendorOrderDetail['timeline'][number];

/**
 * One of the vendor's orders on its own page: `view` is the list's view of it (the vendor's lines
 * and share), to which this adds the whole delivery address, the payment's method and standing, the
 * shipment's dates, and a timeline built from the vendor's own rows (its packing, shipment, lines on
 * credit notes) and the order's own steps (placed, paid, return asked for, cancelled). The customer's
 * timeline is not shown to the seller: its entries speak of the whole order (another seller's
 * shipment, a refund of every seller's items), so nothing here is read from it but its placing.
 */
export async function vendorOrderPage(
  deps: { db: Executor; payments: Pick<PaymentsService, 'of'>; returns: Pick<ReturnReads, 'creditNotesOf'> },
  vendorId: string,
  row: repo.VendorOrderRow,
  view: VendorOrder,
): Promise<VendorOrderDetail> {
  const { db, payments, returns } = deps;
  const { order } = row;
  const [parts, notes, payment, allUnits] = await Promise.all([
    repo.vendorPartsOf(db, vendorId, [order.id]),
    returns.creditNotesOf(db, order.id),
    payments.of(db, order.id),
    repo.unitsOf(db, order.id),
  ]);
  const units = allUnits.filter((u) => u.vendorId === vendorId);
  const shipment = parts.shipments[0];
  const packing = parts.packings[0];
  const mine = new Set(parts.items.map((i) => i.id));
  const method = order.paymentMethod as PaymentMethod;

  const timeline: Entry[] = [
    {
      kind: 'placed',
      at: order.orderDate.toISOString(),
      message: method === 'cod' ? 'Order placed, to be paid in cash on delivery.' : 'Order placed.',
    },
  ];
  if (method !== 'cod' && payment.capturedAt) {
    timeline.push({
      kind: 'paid',
      at: payment.capturedAt.toISOString(),
      message: `Paid by the customer (${PAYMENT_METHOD_LABELS[method]}).`,
    });
  }
  if (packing) timeline.push({ kind: 'packed', at: packing.packedAt.toISOString(), message: 'Your items were packed.' });
  for (const note of notes) {
    // Only the vendor's lines of a credit note, and only what they came to: another seller's are not its business.
    const lines = note.lines.filter((l) => mine.has(l.itemId));
    if (lines.length === 0) continue;
    const amount = lines.reduce((n, l) => n + l.amountPaise, 0);
    const what = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
    timeline.push({
      kind: 'credit_note',
      at: note.createdAt.toISOString(),
      message: `Credit note ${note.number} for ${what} (${formatPaise(amount)}): ${note.reason}.`,
    });
  }
  if (shipment) {
    timeline.push({
      kind: 'shipped',
      at: shipment.shippedAt.toISOString(),
      message: `Your items were shipped with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`,
    });
    if (shipment.deliveredAt)
      timeline.push({ kind: 'delivered', at: shipment.deliveredAt.toISOString(), message: 'Your items were delivered.' });
  }
  if (order.returnRequestedAt) {
    timeline.push({
      kind: 'return_requested',
      at: order.returnRequestedAt.toISOString(),
      message: `The customer asked to return the order${order.returnReason ? `: ${order.returnReason}` : ''}.`,
    });
  }
  if (shipment?.returnReceivedAt) {
    const condition = shipment.returnCondition as ReturnCondition | null;
    timeline.push({
      kind: 'return_received',
      at: shipment.returnReceivedAt.toISOString(),
      message: `Your returned items came back${condition ? `: ${RETURN_CONDITION_LABELS[condition].toLowerCase()}` : ''}.`,
    });
  }
  if (shipment?.refundedAt) {
    timeline.push({
      kind: 'refunded',
      at: shipment.refundedAt.toISOString(),
      message: 'Your returned items were refunded to the customer.',
    });
  }
  if (order.cancelledAt) {
    timeline.push({
      kind: 'cancelled',
      at: order.cancelledAt.toISOString(),
      message: `The order was cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}.`,
    });
  }
  // Oldest first; steps of one moment keep the order above (placed before paid, packed before shipped).
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  return {
    ...view,
    lines: view.lines.map((line) => {
      const item = parts.items.find((i) => i.id === line.itemId)!;
      return {
        ...line,
        brand: item.brand,
        hsnCode: item.hsnCode,
        unitPricePaise: item.unitPricePaise,
        units: unitsOfLine(item, units, shipment?.deliveredAt),
      };
    }),
    serialHold: serialHoldsOf(parts.items, parts.shipments, units)[0] ?? null,
    deliverTo: order.address,
    business: order.business ?? null,
    payment: { method, status: payment.status as PaymentStatusName },
    shipment:
      view.shipment && shipment
        ? {
            ...view.shipment,
            trackingUrl: shipment.trackingUrl,
            shippedAt: shipment.shippedAt.toISOString(),
            deliveredAt: iso(shipment.deliveredAt),
          }
        : null,
    timeline,
  };
}
