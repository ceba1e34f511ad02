import { asc, eq, sql } from 'drizzle-orm';
import { creditNoteNumberOf } from '~/shared/orders';
import type { Executor } from '../../db/client';
import { creditNotes, type CreditNoteLine } from '../../db/schema/returns';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export async function creditNotesOf(db: Executor, orderId: string): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.seq));
}

/** Writes the order's next credit note (the caller holds the order's row lock, so numbers never collide). */
export async function insertCreditNote(
  db: Executor,
  values: { id: string; orderId: string; orderNumber: string; reason: string; lines: CreditNoteLine[]; shippingPaise: number },
): Promise<CreditNoteRow> {
  const [last] = await db
    .select({ seq: sql<number>`coalesce(max(${creditNotes.seq}), 0)`.mapWith(Number) })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, values.orderId));
  const seq = (last?.seq ?? 0) + 1;
  const taxablePaise = values.lines.reduce((n, l) => n + l.taxablePaise, 0);
  const gstPaise = values.lines.reduce((n, l) => n + l.cgstPaise + l.sgstPaise + l.igstPaise, 0);
  const [row] = await db
    .insert(creditNotes)
    .values({
      id: values.id,
      orderId: values.orderId,
      seq,
      number: creditNoteNumberOf(values.orderNumber, seq),
      reason: values.reason,
      lines: values.lines,
      shippingPaise: values.shippingPaise,
      taxablePaise,
      gstPaise,
      totalPaise: taxablePaise + gstPaise + values.shippingPaise,
    })
    .returning();
  return row!;
}
