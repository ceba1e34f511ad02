import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ewayPortalBills } from '../../db/schema/ewaybills';

export type PortalBillRow = typeof ewayPortalBills.$inferSelect;

/** The test service's live bill for a supplier's document, if any. */
export async function activeForDocument(
  db: Executor,
  fromGstin: string,
  docType: string,
  docNo: string,
): Promise<PortalBillRow | undefined> {
  const [row] = await db
    .select()
    .from(ewayPortalBills)
    .where(
      and(
        eq(ewayPortalBills.fromGstin, fromGstin),
        eq(ewayPortalBills.docType, docType),
        eq(ewayPortalBills.docNo, docNo),
        eq(ewayPortalBills.status, 'active'),
      ),
    );
  return row;
}

export async function portalBill(db: Executor, ewbNo: string): Promise<PortalBillRow | undefined> {
  const [row] = await db.select().from(ewayPortalBills).where(eq(ewayPortalBills.ewbNo, ewbNo)).for('update');
  return row;
}

/** Inserts a bill; false when its number is taken already (the caller draws another). */
export async function insertPortalBill(db: Executor, values: typeof ewayPortalBills.$inferInsert): Promise<boolean> {
  const rows = await db.insert(ewayPortalBills).values(values).onConflictDoNothing({ target: ewayPortalBills.ewbNo }).returning();
  return rows.length > 0;
}

export async function updatePortalBill(db: Executor, ewbNo: string, values: Partial<typeof ewayPortalBills.$inferInsert>): Promise<void> {
  await db.update(ewayPortalBills).set(values).where(eq(ewayPortalBills.ewbNo, ewbNo));
}
