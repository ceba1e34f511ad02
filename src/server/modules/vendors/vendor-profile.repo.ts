import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { FullBankAccount } from '~/shared/schemas/bank-account';
import type { VendorProfileChangeField } from '~/shared/schemas/vendor';
import type { Executor } from '../../db/client';
import { vendorProfileChanges, vendors } from '../../db/schema/vendors';
import { accountDirectory } from '../../db/views/auth';
import { newId } from '../../lib/ids';
import type { Sealer } from '../../lib/sealed';
import { bankAccountColumns, openBankAccount } from '../../lib/sealed-bank-account';
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
  | 'bankAccountName'
  | 'bankAccountNumber'
  | 'bankIfsc'
  | 'pickupLine1'
  | 'pickupLine2'
  | 'pickupCity'
  | 'pickupState'
  | 'pickupPinCode'
>;

export async function updateProfile(tx: Executor, id: string, values: VendorProfileValues): Promise<VendorRow> {
  const [row] = await tx.update(vendors).set(values).where(eq(vendors.id, id)).returning();
  return row!;
}

/** What a vendor's sealed account is bound to: it opens on this row only (decision 52). */
const bankContext = (vendorId: string) => `vendors.bank_account:${vendorId}`;

/** The vendor's payout account, opened; null when it has given none. */
export function bankAccountOf(sealer: Sealer, row: VendorRow): FullBankAccount | null {
  const stored = {
    sealed: row.bankAccountSealed,
    holderName: row.bankAccountName,
    accountNumber: row.bankAccountNumber,
    ifsc: row.bankIfsc,
  };
  return openBankAccount(sealer, stored, bankContext(row.id));
}

/** The columns `updateProfile` writes for the account: sealed, the plain ones emptied. */
export function bankAccountValues(sealer: Sealer, vendorId: string, account: FullBankAccount | null) {
  const columns = bankAccountColumns(sealer, account, bankContext(vendorId));
  return {
    bankAccountSealed: columns.sealed,
    bankAccountName: columns.holderName,
    bankAccountNumber: columns.accountNumber,
    bankIfsc: columns.ifsc,
  };
}

/**
 * Seals up to `limit` accounts still kept in plain, inside `tx`; returns how many. Rows another
 * transaction holds are skipped (the next run takes them).
 */
export async function sealPlainBankAccounts(tx: Executor, sealer: Sealer, limit: number): Promise<number> {
  const rows = await tx
    .select()
    .from(vendors)
    .where(isNotNull(vendors.bankAccountNumber))
    .orderBy(asc(vendors.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const row of rows) {
    await tx
      .update(vendors)
      .set(bankAccountValues(sealer, row.id, bankAccountOf(sealer, row)))
      .where(eq(vendors.id, row.id));
  }
  return rows.length;
}

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
