import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyerBusinesses } from '../../db/schema/addresses';

export type BusinessRow = typeof buyerBusinesses.$inferSelect;

/** Newest first (the id breaks ties between rows of the same instant). */
export async function listBusinesses(db: Executor, userId: string): Promise<BusinessRow[]> {
  return db
    .select()
    .from(buyerBusinesses)
    .where(eq(buyerBusinesses.userId, userId))
    .orderBy(desc(buyerBusinesses.createdAt), desc(buyerBusinesses.id));
}

/** The customer's own business; another customer's id finds nothing. */
export async function findBusiness(db: Executor, userId: string, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select()
    .from(buyerBusinesses)
    .where(and(eq(buyerBusinesses.id, id), eq(buyerBusinesses.userId, userId)))
    .limit(1);
  return row;
}

export async function findByGstin(db: Executor, userId: string, gstin: string): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select()
    .from(buyerBusinesses)
    .where(and(eq(buyerBusinesses.gstin, gstin), eq(buyerBusinesses.userId, userId)))
    .limit(1);
  return row;
}

export async function countBusinesses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(buyerBusinesses).where(eq(buyerBusinesses.userId, userId));
  return row?.value ?? 0;
}

/** Serialises writes to one customer's businesses for the rest of the transaction (the size limit holds). */
export async function lockBusinesses(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`buyer_businesses:${userId}`}))`);
}

export async function insertBusiness(db: Executor, row: typeof buyerBusinesses.$inferInsert): Promise<BusinessRow> {
  const [created] = await db.insert(buyerBusinesses).values(row).returning();
  return created!;
}

export async function updateBusiness(
  db: Executor,
  userId: string,
  id: string,
  values: Partial<typeof buyerBusinesses.$inferInsert>,
): Promise<BusinessRow | undefined> {
  const [updated] = await db
    .update(buyerBusinesses)
    .set(values)
    .where(and(eq(buyerBusinesses.id, id), eq(buyerBusinesses.userId, userId)))
    .returning();
  return updated;
}

export async function deleteBusiness(db: Executor, userId: string, id: string): Promise<BusinessRow | undefined> {
  const [deleted] = await db
    .delete(buyerBusinesses)
    .where(and(eq(buyerBusinesses.id, id), eq(buyerBusinesses.userId, userId)))
    .returning();
  return deleted;
}

export async function deleteBusinessesOf(tx: Executor, userId: string): Promise<number> {
  const rows = await tx.delete(buyerBusinesses).where(eq(buyerBusinesses.userId, userId)).returning({ id: buyerBusinesses.id });
  return rows.length;
}
