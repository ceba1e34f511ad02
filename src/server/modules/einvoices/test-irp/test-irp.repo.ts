import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { testIrpDocuments, testIrpKeys } from '../../../db/schema/einvoices';

export type TestIrpDocumentRow = typeof testIrpDocuments.$inferSelect;

/** The signing key, or none yet. */
export async function readKey(db: Executor) {
  const [row] = await db.select().from(testIrpKeys).where(eq(testIrpKeys.id, 1));
  return row;
}

/** Keeps the first key written: two processes making one at once both end up reading the same. */
export async function insertKey(db: Executor, privateJwk: Record<string, unknown>, publicJwk: Record<string, unknown>) {
  await db.insert(testIrpKeys).values({ id: 1, privateJwk, publicJwk }).onConflictDoNothing();
}

/** Inserts a registered document; none back when its IRN is already there (a duplicate). */
export async function insertDocument(db: Executor, row: typeof testIrpDocuments.$inferInsert): Promise<TestIrpDocumentRow | undefined> {
  const [inserted] = await db.insert(testIrpDocuments).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findDocument(db: Executor, irn: string): Promise<TestIrpDocumentRow | undefined> {
  const [row] = await db.select().from(testIrpDocuments).where(eq(testIrpDocuments.irn, irn));
  return row;
}

/** Cancels an active document; undefined when it was not active any more. */
export async function cancelDocument(db: Executor, irn: string, values: { cancelledAt: Date; reason: string; remark: string }) {
  const [row] = await db
    .update(testIrpDocuments)
    .set({ status: 'CNL', cancelledAt: values.cancelledAt, cancelReason: values.reason, cancelRemark: values.remark })
    .where(and(eq(testIrpDocuments.irn, irn), eq(testIrpDocuments.status, 'ACT')))
    .returning();
  return row;
}
