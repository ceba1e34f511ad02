import { and, count, eq, ilike } from 'drizzle-orm';
import type { VendorStatus } from '~/shared/constants';
import type { Executor } from '../../db/client';
import { vendors } from '../../db/schema/vendors';
import { newId } from '../../lib/ids';

export type VendorRow = typeof vendors.$inferSelect;

export async function insertVendor(tx: Executor, vendor: Omit<typeof vendors.$inferInsert, 'id'>): Promise<string> {
  const id = newId('ven');
  await tx.insert(vendors).values({ ...vendor, id });
  return id;
}

export async function findVendorByUserId(db: Executor, userId: string): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.userId, userId)).limit(1);
  return row;
}

export async function findVendorById(db: Executor, id: string): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  return row;
}

/**
 * Moves a vendor from `from` to `to`; returns nothing when it was no longer in `from` (decided
 * concurrently). The catalogue's trigger on vendors.status takes the vendor's products on or off sale.
 */
export async function changeStatus(
  db: Executor,
  id: string,
  from: VendorStatus,
  to: VendorStatus,
  decidedBy: string,
  reason: string | null = null,
) {
  const [row] = await db
    .update(vendors)
    .set({ status: to, decidedAt: new Date(), decidedBy, statusReason: reason })
    .where(and(eq(vendors.id, id), eq(vendors.status, from)))
    .returning({ id: vendors.id, status: vendors.status });
  return row;
}

export async function countVendorsByStatus(db: Executor) {
  return db.select({ status: vendors.status, value: count() }).from(vendors).groupBy(vendors.status);
}

/** The vendor of an account, its row locked for the rest of the transaction. */
export async function lockVendorOfUser(tx: Executor, userId: string): Promise<VendorRow | undefined> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.userId, userId)).limit(1).for('update');
  return row;
}

/** Accounts whose vendor mobile contains these digits (stored as +91XXXXXXXXXX). */
export async function userIdsWithMobile(db: Executor, digits: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: vendors.userId })
    .from(vendors)
    .where(ilike(vendors.mobile, `%${digits}%`))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Marks a seller trusted or not (its new products skip the review queue); the row before, or nothing for no such seller. */
export async function setTrusted(db: Executor, id: string, trusted: boolean): Promise<{ businessName: string; was: boolean } | undefined> {
  const [row] = await db
    .select({ businessName: vendors.businessName, was: vendors.trusted })
    .from(vendors)
    .where(eq(vendors.id, id))
    .for('update');
  if (!row) return undefined;
  if (row.was !== trusted) await db.update(vendors).set({ trusted }).where(eq(vendors.id, id));
  return row;
}

/** Sets from which invoice date e-invoicing applies to a seller (null: it does not); the row before, or nothing for no such seller. */
export async function setEInvoicingFrom(
  tx: Executor,
  id: string,
  from: string | null,
): Promise<{ businessName: string; was: string | null } | undefined> {
  const [row] = await tx
    .select({ businessName: vendors.businessName, was: vendors.eInvoicingFrom })
    .from(vendors)
    .where(eq(vendors.id, id))
    .for('update');
  if (!row) return undefined;
  if (row.was !== from) await tx.update(vendors).set({ eInvoicingFrom: from }).where(eq(vendors.id, id));
  return row;
}
