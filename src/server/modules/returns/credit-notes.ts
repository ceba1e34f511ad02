import { formatPaise } from '~/shared/money';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { creditNoteLines } from '../orders/order-rules';
import type { Actor, LineSelection, OrderRow, OrderSteps } from '../orders/order-steps';
import * as repo from './credit-notes.repo';

export type CreditNoteRow = repo.CreditNoteRow;

/** What is told of a credit note once written, in its transaction (the e-invoices of a business's, decision 76). */
export type CreditNoteIssued = (
  tx: Executor,
  order: OrderRow,
  items: Awaited<ReturnType<OrderSteps['items']>>,
  note: CreditNoteRow,
) => Promise<void>;

/**
 * The GST credit notes (section 34 of the CGST Act) against an order's invoice: issued by the flows
 * that take units off an order after its invoice (cancelled or returned lines, refunds), in their
 * transaction, with an entry on the order's timeline through the orders' steps.
 */
export function createCreditNotes(deps: { orders: Pick<OrderSteps, 'items' | 'timeline'>; issued?: CreditNoteIssued }) {
  const { orders } = deps;
  return {
    /** The order's credit notes, in their order. */
    of: (tx: Executor, orderId: string) => repo.creditNotesOf(tx, orderId),

    /**
     * Issues a GST credit note against the order's invoice for units taken off it after it was issued
     * (cancelled or returned), with the shipping charge when the whole rest of the order goes, and
     * writes it on the timeline. Orders that never had an invoice (never confirmed) get none.
     */
    async issue(
      tx: Executor,
      order: OrderRow,
      input: { lines: LineSelection; reason: string; actor: Actor; withShipping?: boolean },
    ): Promise<CreditNoteRow | null> {
      if (order.status === 'pending_payment') return null;
      const items = await orders.items(tx, order.id);
      const lines = creditNoteLines(
        items,
        input.lines.filter((l) => l.quantity > 0),
      );
      const shippingPaise = input.withShipping ? order.shippingPaise : 0;
      if (lines.length === 0 && shippingPaise === 0) return null;
      const note = await repo.insertCreditNote(tx, {
        id: newId('crn'),
        orderId: order.id,
        orderNumber: order.orderNumber,
        reason: input.reason,
        lines,
        shippingPaise,
      });
      await orders.timeline.add(tx, {
        orderId: order.id,
        kind: 'note',
        message: `Credit note ${note.number} of ${formatPaise(note.totalPaise)} issued against the invoice: ${input.reason}.`,
        actorRole: input.actor.role,
        actorUserId: input.actor.userId,
      });
      await deps.issued?.(tx, order, items, note);
      return note;
    },
  };
}

export type CreditNotes = ReturnType<typeof createCreditNotes>;
