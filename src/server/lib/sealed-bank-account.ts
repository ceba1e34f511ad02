import { fullBankAccountSchema, type FullBankAccount } from '~/shared/schemas/bank-account';
import { SealedValueError, type Sealer } from './sealed';

/**
 * A bank account as a row keeps it (decision 52): the whole account (holder, number, IFSC) sealed in
 * one column, and the three plain columns of before, which this release writes empty. A plain
 * number is either from before the upgrade or written by the previous release while it still ran
 * beside this one: it is the newer, so it wins until the `bank-accounts.seal` job seals it.
 */
export interface StoredBankAccount {
  sealed: string | null;
  holderName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
}

export const hasBankAccount = (stored: StoredBankAccount): boolean => stored.accountNumber !== null || stored.sealed !== null;

export function openBankAccount(sealer: Sealer, stored: StoredBankAccount, context: string): FullBankAccount | null {
  const { holderName, accountNumber, ifsc } = stored;
  if (accountNumber !== null) return holderName && ifsc ? { holderName, accountNumber, ifsc } : null;
  if (stored.sealed === null) return null;
  const parsed = fullBankAccountSchema.safeParse(JSON.parse(sealer.open(stored.sealed, context)));
  if (!parsed.success) throw new SealedValueError(`The sealed bank account of ${context} is not an account`);
  return parsed.data;
}

/** The columns to write for `account` (null: none): sealed, and the plain columns emptied. */
export function bankAccountColumns(sealer: Sealer, account: FullBankAccount | null, context: string): StoredBankAccount {
  const sealed = account
    ? sealer.seal(JSON.stringify({ holderName: account.holderName, accountNumber: account.accountNumber, ifsc: account.ifsc }), context)
    : null;
  return { sealed, holderName: null, accountNumber: null, ifsc: null };
}

export const sameBankAccount = (a: FullBankAccount | null, b: FullBankAccount | null): boolean =>
  a?.accountNumber === b?.accountNumber && a?.ifsc === b?.ifsc && a?.holderName === b?.holderName;
