import { pgView } from 'drizzle-orm/pg-core';
import { creditNotes } from '../schema/returns';

/** Published by the returns module: the credit notes issued against invoices, with their credited lines, for the GST report. */
export const creditNoteDirectory = pgView('credit_note_directory').as((qb) =>
  qb
    .select({
      id: creditNotes.id,
      orderId: creditNotes.orderId,
      number: creditNotes.number,
      reason: creditNotes.reason,
      lines: creditNotes.lines,
      shippingPaise: creditNotes.shippingPaise,
      createdAt: creditNotes.createdAt,
    })
    .from(creditNotes),
);
