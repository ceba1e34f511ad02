import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { INDIAN_STATE_NAMES } from '~/shared/india';
import { createAddressSchema, type Address, type CreateAddress, type CreateAddressInput } from '~/shared/schemas/address';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextField } from '~/web/components/ui/form-fields';
import { MobileField } from '~/web/components/ui/mobile-field';
import { applyServerErrors } from '~/web/lib/form-errors';

const FIELDS = ['fullName', 'mobile', 'line1', 'line2', 'city', 'state', 'pinCode', 'isDefault'] as const;

interface AddressFormProps {
  /** The address being edited; a new one when absent. */
  address?: Address | undefined;
  /** Shown on the submit button. */
  submitLabel?: string;
  /** Offer "make this my default" (new addresses only: an existing one has its own button). */
  offerDefault?: boolean;
  pending?: boolean;
  /** Sends the values; a rejection with the server's field errors puts them on the fields. */
  onSubmit: (values: CreateAddress) => Promise<unknown>;
  onCancel?: () => void;
}

/** An Indian delivery address, checked with the same schema the server uses. Reused by checkout. */
export function AddressForm({
  address,
  submitLabel = 'Save address',
  offerDefault = false,
  pending = false,
  onSubmit,
  onCancel,
}: AddressFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAddressInput, unknown, CreateAddress>({
    resolver: zodResolver(createAddressSchema),
    defaultValues: {
      fullName: address?.fullName ?? '',
      mobile: address?.mobile.replace(/^\+91/, '') ?? '',
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      state: (address?.state ?? '') as CreateAddressInput['state'],
      pinCode: address?.pinCode ?? '',
      isDefault: false,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={address ? 'Edit address' : 'New address'} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <MobileField
        error={errors.mobile?.message}
        hint="10-digit Indian mobile, for the delivery partner"
        registration={register('mobile')}
      />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        hint="House or flat number, building, street"
        className="sm:col-span-2"
        error={errors.line1?.message}
        {...register('line1')}
      />
      <TextField
        label="Address line 2"
        autoComplete="address-line2"
        optional
        hint="Area, landmark"
        className="sm:col-span-2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <SelectField
        label="State"
        autoComplete="address-level1"
        options={INDIAN_STATE_NAMES}
        placeholder="Choose a state or union territory"
        error={errors.state?.message}
        {...register('state')}
      />
      <TextField
        label="PIN code"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={6}
        error={errors.pinCode?.message}
        {...register('pinCode')}
      />
      {offerDefault && (
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 rounded border-slate-300" {...register('isDefault')} />
          Make this my default address
        </label>
      )}
      {formError && (
        <Alert tone="error" className="sm:col-span-2">
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={pending || isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
