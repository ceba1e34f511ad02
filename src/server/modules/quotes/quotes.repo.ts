import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { QuoteStatus } from '~/shared/schemas/quotes';
import type { Executor } from '../../db/client';
import { quoteRequests } from '../../db/schema/quotes';

export type QuoteRow = typeof quoteRequests.$inferSelect;
export type NewQuoteRow = typeof quoteRequests.$inferInsert;
/** A quote with the name of the account that asked (the identity module's `account_directory`). */
export type QuoteWithCustomer = QuoteRow & { customerName: string };

const customerName = sql<string>`coalesce((select a.name from account_directory a where a.id = ${quoteRequests.userId}), '')`;

/** The stored status a shown one reads: expired is an answered quote past its validity. */
function statusCondition(status: QuoteStatus, now: Date): SQL {
  if (status === 'expired') return and(eq(quoteRequests.status, 'answered'), sql`${quoteRequests.validUntil} <= ${now}`)!;
  if (status === 'answered') return and(eq(quoteRequests.status, 'answered'), sql`${quoteRequests.validUntil} > ${now}`)!;
  return eq(quoteRequests.status, status);
}

export async function insertQuote(tx: Executor, row: NewQuoteRow): Promise<QuoteRow> {
  const [inserted] = await tx.insert(quoteRequests).values(row).returning();
  return inserted!;
}

/** Serialises one customer's requests for the rest of the transaction (the open requests' limit holds). */
export async function lockCustomerQuotes(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quote_requests:${userId}`}, 0))`);
}

export async function countOpen(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, 'requested')));
  return row?.n ?? 0;
}

/** The customer's quotes, newest first. */
export async function listOfCustomer(db: Executor, userId: string): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.userId, userId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(200);
}

/** The customer's own quote; another customer's id finds nothing. */
export async function findOfCustomer(db: Executor, userId: string, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.userId, userId)))
    .limit(1);
  return row;
}

/** The vendor's quotes (filtered by the vendor in SQL), of one shown status when given, newest first. */
export async function listOfVendor(
  db: Executor,
  vendorId: string,
  status: QuoteStatus | undefined,
  now: Date,
): Promise<QuoteWithCustomer[]> {
  const where = status ? and(eq(quoteRequests.vendorId, vendorId), statusCondition(status, now)) : eq(quoteRequests.vendorId, vendorId);
  const rows = await db
    .select({ quote: quoteRequests, customerName })
    .from(quoteRequests)
    .where(where)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(200);
  return rows.map((r) => ({ ...r.quote, customerName: r.customerName }));
}

export async function countRequestedOfVendor(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.vendorId, vendorId), eq(quoteRequests.status, 'requested')));
  return row?.n ?? 0;
}

/** The vendor's own quote, locked when asked (an answer or a decline); another vendor's id finds nothing. */
export async function findOfVendor(db: Executor, vendorId: string, id: string, lock = false): Promise<QuoteWithCustomer | undefined> {
  const query = db
    .select({ quote: quoteRequests, customerName })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.vendorId, vendorId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: quoteRequests }) : await query;
  return row ? { ...row.quote, customerName: row.customerName } : undefined;
}

export async function updateQuote(tx: Executor, id: string, values: Partial<NewQuoteRow>): Promise<void> {
  await tx
    .update(quoteRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quoteRequests.id, id));
}

/**
 * Marks a quote used by an order, only if it is still the customer's, answered, unexpired at `now` and at the unit
 * price the order was charged: of two placements paying one quote, the second waits on the row's lock and then
 * finds it ordered (or re-priced). False when it could not be used.
 */
export async function markOrdered(
  tx: Executor,
  use: { quoteId: string; userId: string; orderId: string; unitPricePaise: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(quoteRequests)
    .set({ status: 'ordered', orderId: use.orderId, updatedAt: use.now })
    .where(
      and(
        eq(quoteRequests.id, use.quoteId),
        eq(quoteRequests.userId, use.userId),
        eq(quoteRequests.status, 'answered'),
        eq(quoteRequests.unitPricePaise, use.unitPricePaise),
        sql`${quoteRequests.validUntil} > ${use.now}`,
      ),
    )
    .returning({ id: quoteRequests.id });
  return rows.length === 1;
}
