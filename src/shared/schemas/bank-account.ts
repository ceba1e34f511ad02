import { z } from 'zod';
import { BANK_ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, maskAccountNumber } from '../india-tax-ids';

/**
 * An Indian bank account typed into a form: where a seller's payouts go, and where the shop sends
 * the refund of a returned cash-on-delivery order. One set of rules for both.
 */

export const ifscSchema = z
  .string({ error: 'Enter the IFSC of your branch' })
  .trim()
  .toUpperCase()
  .regex(IFSC_PATTERN, 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits, like HDFC0001234');

/** Typed with spaces or hyphens as on a cheque; kept as digits. */
export const bankAccountNumberSchema = z
  .string({ error: 'Enter the account number' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(BANK_ACCOUNT_NUMBER_PATTERN, 'Account number must be 9 to 18 digits'));

/** A new bank account: the number is typed twice, as banks ask. */
export const bankAccountInputSchema = z
  .strictObject({
    holderName: z
      .string({ error: 'Enter the name on the account' })
      .trim()
      .min(2, 'Enter the name on the account, as the bank has it')
      .max(120, 'Account holder name must be at most 120 characters')
      .regex(/^[\p{L}0-9 .,&'()/-]+$/u, "Use letters, digits, spaces and . , & ' ( ) / - only, as on your cheque book"),
    accountNumber: bankAccountNumberSchema,
    confirmAccountNumber: z.string({ error: 'Enter the account number again' }).transform((v) => v.replace(/[\s-]/g, '')),
    ifsc: ifscSchema,
  })
  .superRefine((v, ctx) => {
    if (v.confirmAccountNumber !== v.accountNumber)
      ctx.addIssue({ code: 'custom', message: 'The account numbers do not match', path: ['confirmAccountNumber'] });
  });
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;
export type BankAccount = z.output<typeof bankAccountInputSchema>;

/** A saved account as its owner reads it: never the whole number. */
export const maskedBankAccountSchema = z.object({
  holderName: z.string(),
  /** "XXXXXX4321". */
  maskedNumber: z.string(),
  ifsc: z.string(),
});
export type MaskedBankAccount = z.infer<typeof maskedBankAccountSchema>;

/** A saved account whole: only for the shop's staff who transfer money to it. */
export const fullBankAccountSchema = z.object({ holderName: z.string(), accountNumber: z.string(), ifsc: z.string() });
export type FullBankAccount = z.infer<typeof fullBankAccountSchema>;

export function maskBankAccount(account: FullBankAccount): MaskedBankAccount {
  return { holderName: account.holderName, maskedNumber: maskAccountNumber(account.accountNumber), ifsc: account.ifsc };
}

/** The masked number and IFSC in one line: "XXXXXX4321 · HDFC0001234". */
export const maskedAccountLine = (account: Pick<MaskedBankAccount, 'maskedNumber' | 'ifsc'>): string =>
  `${account.maskedNumber} · ${account.ifsc}`;

/**
 * A bank's reference (UTR) of a transfer — NEFT 16, RTGS 22, IMPS and UPI 12 characters — as the
 * bank's advice shows it: the shop's payout to a seller, and its refund of cash on delivery to a
 * customer, are recorded with it. The forms check it with this schema too.
 */
export const bankReferenceSchema = z
  .string({ error: 'Enter the bank reference (UTR) of the transfer' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{12,22}$/, 'The bank reference (UTR) is 12 to 22 letters and digits, like HDFCN52026112400123');
