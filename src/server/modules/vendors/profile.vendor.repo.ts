import { desc, eq } from 'drizzle-orm';
import type { FullBankAccount } from '~/shared/schemas/bank-account';
import type { VendorProfileChangeField } from '~/shared/schemas/vendor';
import type { Executor } from '../../db/client';
import { vendorProfileChanges, vendors } from '../../db/schema/vendors';
import { accountDirectory } from '../../db/views/auth';
import { newId } from '../../lib/ids';
import type { Sealer } from '../../lib/sealed';
import { openBankAccount, sealBankAccount, sealedAccountContext } from '../../lib/sealed-bank-account';
import type { VendorRow } from './vendors.repo';

/** The vendor's row, locked until the transaction ends: a profile change reads, compares and writes it. */
export async function lockVendor(tx: Executor, id: string): Promise<VendorRow | undefined> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id)).for('update');
  return row;
}

export type VendorProfileValues = Pick<
  typeof vendors.$inferInsert,
  | 'businessName'
  | 'contactName'
  | 'contactEmail'
  | 'mobile'
  | 'gstin'
  | 'pan'
  | 'bankAccountSealed'
  | 'pickupLine1'
  | 'pickupLine2'
  | 'pickupCity'
  | 'pickupState'
  | 'pickupPinCode'
  | 'legalName'
  | 'carePhone'
  | 'careEmail'
>;

export async function updateProfile(tx: Executor, id: string, values: VendorProfileValues): Promise<VendorRow> {
  const [row] = await tx.update(vendors).set(values).where(eq(vendors.id, id)).returning();
  return row!;
}

/** The vendor's payout account, opened; null when it has given none. */
export const bankAccountOf = (sealer: Sealer, row: VendorRow): FullBankAccount | null =>
  openBankAccount(sealer, row.bankAccountSealed, sealedAccountContext.vendor(row.id));

/** The column `updateProfile` writes for the account: sealed (decision 52). */
export const bankAccountValues = (sealer: Sealer, vendorId: string, account: FullBankAccount | null) => ({
  bankAccountSealed: sealBankAccount(sealer, account, sealedAccountContext.vendor(vendorId)),
});

export async function insertProfileChange(
  tx: Executor,
  change: { vendorId: string; field: VendorProfileChangeField; fromValue: string | null; toValue: string | null; changedBy: string },
): Promise<void> {
  await tx.insert(vendorProfileChanges).values({ ...change, id: newId('vpc') });
}

/** The latest changes of a vendor's bank account and GSTIN, newest first. */
export async function listProfileChanges(db: Executor, vendorId: string, limit: number) {
  return db
    .select()
    .from(vendorProfileChanges)
    .where(eq(vendorProfileChanges.vendorId, vendorId))
    .orderBy(desc(vendorProfileChanges.changedAt), desc(vendorProfileChanges.id))
    .limit(limit);
}

/** The vendor's sign-in account (the auth module's published view): where notices about the business go. */
export async function findAccount(db: Executor, userId: string): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db
    .select({ name: accountDirectory.name, email: accountDirectory.email })
    .from(accountDirectory)
    .where(eq(accountDirectory.id, userId))
    .limit(1);
  return row;
}
