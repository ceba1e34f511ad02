import { formatPaise } from '~/shared/money';
import { inThirdPerson } from '~/shared/orders';
import type { AdminOrderResponse, AdminRefundLines } from '~/shared/schemas/admin-orders';
import type { Database, Executor } from '../db/client';
import type { AuditService } from '../modules/audit/audit.service';
import { refundOfLines, selectedLines, shippingCredited, unitsLeftOf } from '../modules/orders/order-rules';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { Actor, LineSelection, OrderRow, OrderSteps } from '../modules/orders/order-steps';
import type { CreditNoteRow } from '../modules/returns/credit-notes';
import { withoutOrderNumber } from '../modules/orders/order-timeline';
import type { AdminOrders } from '../modules/orders/orders.admin.service';
import type { PaymentRow, RefundOutcome } from '../modules/payments/payments.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { OrderMoney } from './order-money';

/**
 * The flow `refund-order-lines` (decision 62): an admin refunds chosen units of shipped lines and/or
 * the delivery charge, in one transaction over the vendor ledger (the seller owed less for them), the
 * orders (credit note, timeline, status, e-mail) and payments (the money back through the provider,
 * or the shop's bank transfer recorded).
 */
export function createRefundOrderLines(deps: {
  db: Database;
  orders: OrderSteps;
  /** The sellers' shipments: read under the order's lock, and written. */
  fulfilment: FulfilmentService;
  /** The credit notes (issued and read) and what a refund closing an erased customer's return removes (the returns module's). */
  returns: Pick<ReturnsService, 'creditNotes' | 'afterRefund'>;
  admin: Pick<AdminOrders, 'distinctLines' | 'checkRefundLines' | 'get'>;
  money: OrderMoney;
  payouts: Pick<PayoutsService, 'refundUnits'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, orders, fulfilment, returns, admin, money, payouts, audit } = deps;

  /**
   * Refunds chosen units of lines that have shipped, and/or the delivery charge (the caller checked
   * they may be): a credit note for them, their price after their coupon share back through the
   * provider — or, for cash on delivery, recorded as the bank transfer the shop made, with its UTR —
   * on the timeline, and the customer's e-mail with the amount, the items and when the money
   * arrives. Once every unit of the order has been refunded (or cancelled) the order is `refunded`,
   * as "Refund in full" leaves it, whether the delivery charge went back too or not (decision 53).
   */
  async function refundLines(
    tx: Executor,
    order: OrderRow,
    input: { payment: PaymentRow; lines: LineSelection; withShipping?: boolean; reason: string; bankReference?: string; actor: Actor },
  ): Promise<{ note: CreditNoteRow | null; refund: RefundOutcome; order: OrderRow }> {
    const byTransfer = input.payment.provider === 'cod';
    const withShipping = input.withShipping === true;
    const reference = byTransfer ? ` (bank transfer ${input.bankReference})` : '';
    const note = await returns.creditNotes.issue(tx, order, {
      lines: input.lines,
      reason: `Refund: ${input.reason}`,
      actor: input.actor,
      withShipping,
    });
    const items = await orders.items(tx, order.id);
    const notes = await returns.creditNotes.of(tx, order.id);
    const everyUnit = unitsLeftOf(items, notes) === 0;
    const deliveryKept = everyUnit && order.shippingPaise > 0 && !shippingCredited(notes);
    const delivery = withShipping ? order.shippingPaise : 0;
    const what =
      input.lines.length === 0
        ? ' for the delivery charge'
        : withShipping
          ? `, the delivery charge of ${formatPaise(delivery)} included,`
          : '';
    const after = everyUnit
      ? deliveryKept
        ? ` Every item of the order has been refunded; the delivery charge of ${formatPaise(order.shippingPaise)} was not.`
        : ' Everything paid for the order has been refunded.'
      : '';
    const outcome = await money.refund(tx, order, {
      payment: input.payment,
      lines: input.lines,
      withShipping,
      reason: `${input.reason}${reference}`,
      notes: { order: order.orderNumber, reason: withShipping ? 'partial refund with the delivery charge' : 'partial refund' },
      actor: input.actor,
      kind: after ? 'refunded' : 'refund',
      message: (r) => `Refund of ${formatPaise(r.amountPaise)}${what} issued ${r.how}${reference}: ${input.reason}.${after}`,
    });
    let updated = order;
    if (everyUnit && order.status !== 'refunded') {
      updated = await orders.update(tx, order.id, { status: 'refunded' });
      await fulfilment.refundAll(tx, order.id);
    }
    await orders.mail.send(tx, updated, 'order_partly_refunded', {
      refundPaise: outcome.amountPaise,
      refundedItems: selectedLines(items, input.lines).map(({ item, quantity }) => ({
        name: item.name,
        quantity,
        amountPaise: refundOfLines(items, [{ itemId: item.id, quantity }]),
      })),
      ...(withShipping ? { deliveryPaise: delivery } : {}),
      ...(everyUnit ? { allRefunded: deliveryKept ? ('items' as const) : ('order' as const) } : {}),
      ...(deliveryKept ? { deliveryKeptPaise: order.shippingPaise } : {}),
      reason: input.reason,
      method: byTransfer ? 'bank_transfer' : 'provider',
      how: outcome.how,
      takes: outcome.takes,
      ...(byTransfer ? { reference: input.bankReference } : outcome.providerRefundId ? { reference: outcome.providerRefundId } : {}),
    });
    return { note, refund: outcome, order: await returns.afterRefund(tx, updated) };
  }

  return {
    /**
     * Refunds the chosen units of lines that have shipped: their price after their share of any
     * coupon, through the provider (cash on delivery already collected: a bank transfer the admin
     * made, recorded with its reference), with a credit note against the invoice and the customer's
     * e-mail. Delivered units come off their seller's ledger in the same transaction (before it is
     * paid out, or from its next payout). With `includeDelivery` the delivery charge goes back too
     * (or alone): the shop's own, it touches no seller's ledger. A unit, and the delivery charge, is
     * refunded once: the order row is locked and what was credited before is subtracted. When
     * nothing of the order is left to the customer the order is refunded (decision 53).
     */
    async byAdmin(orderId: string, input: AdminRefundLines, actor: Actor): Promise<AdminOrderResponse> {
      admin.distinctLines(input.lines);
      await db.transaction(async (tx) => {
        const { order, payment, items, cod } = await admin.checkRefundLines(tx, orderId, input);
        // The seller is owed less for exactly these units (a line with none left leaves the ledger), then the money goes back.
        // The delivery charge is the shop's own (decision 19): no seller's ledger carries it (decision 53).
        const ledger =
          input.lines.length > 0
            ? await payouts.refundUnits(
                tx,
                input.lines.map((l) => ({
                  orderItemId: l.itemId,
                  quantity: l.quantity,
                  itemName: items.find((i) => i.id === l.itemId)!.name,
                })),
              )
            : [];
        // One refund is one audit entry: the credit note's and the money's steps record themselves, held here.
        const {
          result: { note, refund, order: after },
          held,
        } = await audit.gather(tx, () =>
          refundLines(tx, order, {
            payment,
            lines: input.lines,
            withShipping: input.includeDelivery === true,
            reason: input.reason,
            actor,
            ...(cod ? { bankReference: input.bankReference } : {}),
          }),
        );
        const named = (itemId: string) => items.find((i) => i.id === itemId)!.name;
        await audit.record(tx, {
          action: 'order.refund_lines',
          entityType: 'order',
          entityId: orderId,
          summary: `Order ${order.orderNumber}: ${formatPaise(refund.amountPaise)} refunded by an admin ${inThirdPerson(refund.how)}${cod ? ` (bank transfer ${input.bankReference})` : ''}: ${input.reason}`,
          before: { status: order.status, amountRefundedPaise: payment.amountRefundedPaise },
          after: {
            status: after.status,
            amountRefundedPaise: payment.amountRefundedPaise + refund.amountPaise,
            lines: input.lines.map((l) => ({ itemId: l.itemId, name: named(l.itemId), quantity: l.quantity })),
            deliveryPaise: input.includeDelivery ? order.shippingPaise : 0,
            creditNote: note?.number ?? null,
            sellerLedger: ledger.map((l) => ({
              itemId: l.orderItemId,
              name: named(l.orderItemId),
              quantity: l.quantity,
              netPaise: l.netPaise,
              how: l.how,
            })),
            ...(cod ? { bankReference: input.bankReference } : {}),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
      });
      return admin.get(orderId);
    },
  };
}

export type RefundOrderLines = ReturnType<typeof createRefundOrderLines>;
