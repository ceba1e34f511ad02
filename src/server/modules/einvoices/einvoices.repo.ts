import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoiceRegistrations } from '../../db/schema/einvoices';

export type RegistrationRow = typeof einvoiceRegistrations.$inferSelect;
export type RegistrationStatus = 'pending' | 'registered' | 'failed' | 'cancelled';

/** Inserts a registration; none back when the supplier's document is already there. */
export async function insert(tx: Executor, row: typeof einvoiceRegistrations.$inferInsert): Promise<RegistrationRow | undefined> {
  const [inserted] = await tx.insert(einvoiceRegistrations).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findByDocument(db: Executor, supplierGstin: string, documentType: string, documentNumber: string) {
  const [row] = await db
    .select()
    .from(einvoiceRegistrations)
    .where(
      and(
        eq(einvoiceRegistrations.supplierGstin, supplierGstin),
        eq(einvoiceRegistrations.documentType, documentType),
        eq(einvoiceRegistrations.documentNumber, documentNumber),
      ),
    );
  return row;
}

/** One registration; with `vendorId` only that seller's (a vendor's request), null for the shop's own. */
export async function find(db: Executor, id: string, scope: { vendorId?: string } = {}): Promise<RegistrationRow | undefined> {
  const where = [eq(einvoiceRegistrations.id, id)];
  if (scope.vendorId !== undefined) where.push(eq(einvoiceRegistrations.vendorId, scope.vendorId));
  const [row] = await db
    .select()
    .from(einvoiceRegistrations)
    .where(and(...where));
  return row;
}

/** The registration locked until the transaction ends (a try, a retry or a cancellation writes it). */
export async function lock(tx: Executor, id: string): Promise<RegistrationRow | undefined> {
  const [row] = await tx.select().from(einvoiceRegistrations).where(eq(einvoiceRegistrations.id, id)).for('update');
  return row;
}

export async function findByRef(db: Executor, documentType: string, documentRef: string) {
  const [row] = await db
    .select()
    .from(einvoiceRegistrations)
    .where(and(eq(einvoiceRegistrations.documentType, documentType), eq(einvoiceRegistrations.documentRef, documentRef)))
    .orderBy(desc(einvoiceRegistrations.createdAt))
    .limit(1);
  return row;
}

export async function update(tx: Executor, id: string, values: Partial<typeof einvoiceRegistrations.$inferInsert>) {
  const [row] = await tx
    .update(einvoiceRegistrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(einvoiceRegistrations.id, id))
    .returning();
  return row!;
}

/** A page of registrations, newest first, with the count of each status (of the same seller when given). */
export async function list(
  db: Executor,
  filter: { status?: RegistrationStatus; vendorId?: string; limit: number; offset: number },
): Promise<{ rows: RegistrationRow[]; total: number; counts: Record<RegistrationStatus, number> }> {
  const scope: SQL[] = [];
  if (filter.vendorId !== undefined) scope.push(eq(einvoiceRegistrations.vendorId, filter.vendorId));
  const where = filter.status ? [...scope, eq(einvoiceRegistrations.status, filter.status)] : scope;
  const [rows, totals, byStatus] = await Promise.all([
    db
      .select()
      .from(einvoiceRegistrations)
      .where(and(...where))
      .orderBy(desc(einvoiceRegistrations.createdAt), desc(einvoiceRegistrations.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(einvoiceRegistrations)
      .where(and(...where)),
    db
      .select({ status: einvoiceRegistrations.status, n: sql<number>`count(*)::int` })
      .from(einvoiceRegistrations)
      .where(and(...scope))
      .groupBy(einvoiceRegistrations.status),
  ]);
  const counts: Record<RegistrationStatus, number> = { pending: 0, registered: 0, failed: 0, cancelled: 0 };
  for (const { status, n } of byStatus) counts[status as RegistrationStatus] = n;
  return { rows, total: totals[0]?.total ?? 0, counts };
}
