import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '~/web/components/ui/form-fields';

type BankAccountField = 'holderName' | 'accountNumber' | 'confirmAccountNumber' | 'ifsc';

interface BankAccountFieldsProps {
  /** The form's `register` for each field, wherever the account sits in the form's values. */
  field: (name: BankAccountField) => UseFormRegisterReturn;
  errors: Partial<Record<BankAccountField, { message?: string | undefined }>> | undefined;
  /** Under "Account number again": what the number is for ("payouts go to this number"). */
  goesTo: string;
}

/**
 * The four fields of an Indian bank account, as the shared schema checks them (bank-account.ts):
 * the seller's payout account, the customer's refund account, and the one an admin records for a
 * customer who phoned it in. The caller lays them out (two columns from `sm`).
 */
export function BankAccountFields({ field, errors, goesTo }: BankAccountFieldsProps) {
  return (
    <>
      <TextField
        label="Account holder’s name"
        autoComplete="off"
        hint="As the bank has it"
        error={errors?.holderName?.message}
        {...field('holderName')}
      />
      <TextField
        label="IFSC"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        className="[&_input]:uppercase"
        hint="11 characters on the cheque book or passbook, like HDFC0001234"
        error={errors?.ifsc?.message}
        {...field('ifsc')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        hint="9 to 18 digits"
        error={errors?.accountNumber?.message}
        {...field('accountNumber')}
      />
      <TextField
        label="Account number again"
        inputMode="numeric"
        autoComplete="off"
        hint={`Typed again to be sure: ${goesTo}`}
        error={errors?.confirmAccountNumber?.message}
        {...field('confirmAccountNumber')}
      />
    </>
  );
}
