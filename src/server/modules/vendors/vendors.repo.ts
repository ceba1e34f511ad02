import { eq } from 'drizzle-orm';
import { vendors } from '../../db/schema/vendors';
import { newId } from '../../lib/ids';
import type { Executor } from '../auth/accounts.repo';

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
