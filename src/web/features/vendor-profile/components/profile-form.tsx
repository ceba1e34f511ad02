import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { INDIAN_STATE_NAMES, type IndianState } from '~/shared/india';
import {
  updateVendorProfileSchema,
  type UpdateVendorProfile,
  type UpdateVendorProfileInput,
  type VendorProfileDetails,
} from '~/shared/schemas/vendor';
import { PickupLines } from '~/web/components/address/pickup-lines';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextField } from '~/web/components/ui/form-fields';
import { MobileField } from '~/web/components/ui/mobile-field';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { BankAccountSection } from './bank-account-section';
import { ProfileSection } from './profile-parts';

const FIELDS = [
  'businessName',
  'contactName',
  'contactEmail',
  'mobile',
  'gstin',
  'pan',
  'bankAccount.holderName',
  'bankAccount.accountNumber',
  'bankAccount.confirmAccountNumber',
  'bankAccount.ifsc',
  'pickupLine1',
  'pickupLine2',
  'pickupCity',
  'pickupState',
  'pickupPinCode',
  'legalName',
  'carePhone',
  'careEmail',
] as const satisfies readonly FieldPath<UpdateVendorProfileInput>[];

/** The address of the profile's bank account section (`/vendor/profile#bank-account`), where payouts are set up. */
export const BANK_ACCOUNT_HASH = '#bank-account';

/** The form's values from the saved profile; the contact is the sign-in account until the vendor names another. */
export function profileFormValues(p: VendorProfileDetails): UpdateVendorProfileInput {
  return {
    businessName: p.businessName,
    contactName: p.contactName ?? p.accountName,
    contactEmail: p.contactEmail ?? p.accountEmail,
    mobile: p.mobile.replace(/^\+91/, ''),
    gstin: p.gstin ?? '',
    pan: p.pan ?? '',
    pickupLine1: p.pickupLine1 ?? '',
    pickupLine2: p.pickupLine2 ?? '',
    pickupCity: p.pickupCity,
    pickupState: p.pickupState as IndianState,
    pickupPinCode: p.pickupPinCode,
    legalName: p.legalName ?? '',
    carePhone: p.carePhone ? p.carePhone.replace(/^\+91/, '') : '',
    careEmail: p.careEmail ?? '',
  };
}

interface VendorProfileFormProps {
  profile: VendorProfileDetails;
  /** Sends the values as typed and resolves with the saved profile; a rejection's field errors land on the fields. */
  onSubmit: (values: UpdateVendorProfileInput) => Promise<VendorProfileDetails>;
}

/**
 * The seller centre's profile form, in sections. It checks with the schema the server parses with
 * (`updateVendorProfileSchema`), so a wrong GSTIN, PAN, IFSC or PIN code is named before anything is sent.
 */
export function VendorProfileForm({ profile, onSubmit }: VendorProfileFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  // Sent here to add a bank account (the Payouts page's warning links to #bank-account): the section
  // comes into view, with the new account's fields open and focused when there is none yet.
  const [cameForBank] = useState(() => window.location.hash === BANK_ACCOUNT_HASH);
  const [editingBank, setEditingBank] = useState(cameForBank && !profile.bankAccount);
  const changeBankRef = useRef<HTMLButtonElement>(null);
  const focusAfterBankToggle = useRef<'fields' | 'button' | null>(cameForBank ? (profile.bankAccount ? 'button' : 'fields') : null);
  const {
    register,
    unregister,
    handleSubmit,
    getValues,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdateVendorProfileInput, unknown, UpdateVendorProfile>({
    resolver: zodResolver(updateVendorProfileSchema),
    defaultValues: profileFormValues(profile),
    mode: 'onTouched',
  });

  // Opening the new account's fields moves focus to the first of them; closing them, back to the button.
  useEffect(() => {
    if (focusAfterBankToggle.current === 'fields') setFocus('bankAccount.holderName');
    if (focusAfterBankToggle.current === 'button') changeBankRef.current?.focus();
    focusAfterBankToggle.current = null;
  }, [editingBank, setFocus]);

  const openBank = () => {
    focusAfterBankToggle.current = 'fields';
    setEditingBank(true);
  };
  const keepBank = () => {
    // Nothing about the bank account is sent: the saved one stays.
    unregister('bankAccount');
    focusAfterBankToggle.current = 'button';
    setEditingBank(false);
  };

  useEffect(() => {
    if (cameForBank) document.getElementById('profile-bank-account')?.scrollIntoView?.({ block: 'start' });
  }, [cameForBank]);

  const submit = handleSubmit(async () => {
    setFormError(null);
    try {
      const saved = await onSubmit(getValues());
      // Saved: the new account shows masked, and its number leaves the form.
      unregister('bankAccount');
      setEditingBank(false);
      reset(profileFormValues(saved));
      toast.success('Your profile is saved');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Your business profile" className="space-y-6">
      <ProfileSection title="Business" description="The name customers see on your products and invoices.">
        <TextField label="Business name" autoComplete="organization" error={errors.businessName?.message} {...register('businessName')} />
      </ProfileSection>

      <ProfileSection
        title="What shoppers see"
        description="Every product page shows your legal name, your pickup address and how customers reach you, as the Consumer Protection (E-Commerce) Rules ask. Left empty, we show your business name, mobile and contact e-mail."
      >
        <TextField
          label="Legal name"
          autoComplete="organization"
          hint="As on your GSTIN or company registration, e.g. Deccan Laptops LLP"
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <TextField
          label="Customer-care phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint="10 digits: a mobile, or a landline with its STD code (+91 is added)"
          error={errors.carePhone?.message}
          {...register('carePhone')}
        />
        <TextField
          label="Customer-care e-mail"
          type="email"
          autoComplete="email"
          error={errors.careEmail?.message}
          {...register('careEmail')}
        />
      </ProfileSection>

      <ProfileSection title="Contact" description="Whom our team and couriers call about orders and payouts.">
        <TextField label="Contact name" autoComplete="name" error={errors.contactName?.message} {...register('contactName')} />
        <TextField
          label="Contact e-mail"
          type="email"
          autoComplete="email"
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
        <MobileField
          error={errors.mobile?.message}
          hint="10-digit Indian mobile, for couriers and our team"
          registration={register('mobile')}
        />
      </ProfileSection>

      <ProfileSection
        title="Tax"
        description={
          profile.status === 'approved'
            ? 'A change of GSTIN is recorded and e-mailed to your sign-in address.'
            : 'Printed on the invoices of your sales.'
        }
      >
        <TextField
          label="GSTIN"
          optional
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={15}
          className="[&_input]:uppercase"
          hint="15 characters, like 27AAPFU0939F1ZV; the first two digits are your pickup state's code"
          error={errors.gstin?.message}
          {...register('gstin')}
        />
        <TextField
          label="PAN"
          optional
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={10}
          className="[&_input]:uppercase"
          hint="Left empty, it is taken from your GSTIN (characters 3–12). Without a PAN, TDS is 5% instead of 0.1%."
          error={errors.pan?.message}
          {...register('pan')}
        />
      </ProfileSection>

      <BankAccountSection
        profile={profile}
        editing={editingBank}
        onEdit={openBank}
        onKeep={keepBank}
        register={register}
        errors={errors.bankAccount}
        changeButtonRef={changeBankRef}
      />

      <ProfileSection title="Pickup address" description="Where couriers collect your parcels.">
        <PickupLines
          line1={register('pickupLine1')}
          line2={register('pickupLine2')}
          errors={{ line1: errors.pickupLine1?.message, line2: errors.pickupLine2?.message }}
          className="sm:col-span-2"
        />
        <TextField label="City" autoComplete="address-level2" error={errors.pickupCity?.message} {...register('pickupCity')} />
        <SelectField
          label="State"
          autoComplete="address-level1"
          options={INDIAN_STATE_NAMES}
          placeholder="Choose a state or union territory"
          error={errors.pickupState?.message}
          {...register('pickupState')}
        />
        <TextField
          label="PIN code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={6}
          error={errors.pickupPinCode?.message}
          {...register('pickupPinCode')}
        />
      </ProfileSection>

      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          Save profile
        </Button>
      </div>
    </form>
  );
}
