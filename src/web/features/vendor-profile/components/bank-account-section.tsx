import { Landmark } from 'lucide-react';
import type { Ref } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { UpdateVendorProfileInput, VendorProfileDetails } from '~/shared/schemas/vendor';
import { BankAccountFields } from '~/web/components/forms/bank-account-fields';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { ProfileDetail, ProfileSection } from './profile-parts';

interface BankAccountSectionProps {
  profile: VendorProfileDetails;
  /** Whether the fields of a new account are open. */
  editing: boolean;
  onEdit: () => void;
  onKeep: () => void;
  register: UseFormRegister<UpdateVendorProfileInput>;
  errors: FieldErrors<UpdateVendorProfileInput>['bankAccount'];
  /** Focus comes back here when the new account's fields close. */
  changeButtonRef: Ref<HTMLButtonElement>;
}

/**
 * Where payouts go. The saved account shows masked; "Change bank account" opens the fields of a
 * new one (the number typed twice). Closing them keeps the saved account: nothing about it is sent.
 */
export function BankAccountSection({ profile, editing, onEdit, onKeep, register, errors, changeButtonRef }: BankAccountSectionProps) {
  const saved = profile.bankAccount;
  const notice =
    profile.status === 'approved'
      ? 'Payouts go to this account. A change is recorded and e-mailed to your sign-in address.'
      : 'Payouts go to this account once your application is approved.';
  return (
    <ProfileSection title="Bank account" description={notice}>
      {saved ? (
        <dl className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <ProfileDetail label="Account holder">{saved.holderName}</ProfileDetail>
          <ProfileDetail label="Account number">
            <span className="font-mono tracking-wider">{saved.maskedNumber}</span>
          </ProfileDetail>
          <ProfileDetail label="IFSC">{saved.ifsc}</ProfileDetail>
        </dl>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <Landmark aria-hidden="true" className="size-4 text-slate-500" />
          No bank account yet: payouts wait until you add one.
        </p>
      )}
      {!editing && (
        <div className="sm:col-span-2">
          <button type="button" className={buttonClasses('secondary')} onClick={onEdit} ref={changeButtonRef}>
            {saved ? 'Change bank account' : 'Add bank account'}
          </button>
        </div>
      )}
      {editing && (
        <fieldset className="grid gap-4 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="sr-only">{saved ? 'New bank account' : 'Bank account for payouts'}</legend>
          <BankAccountFields field={(name) => register(`bankAccount.${name}`)} errors={errors} goesTo="payouts go to this number" />
          <div className="sm:col-span-2">
            <Button variant="ghost" onClick={onKeep}>
              {saved ? 'Keep the current account' : 'Not now'}
            </Button>
          </div>
        </fieldset>
      )}
    </ProfileSection>
  );
}
