import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { INDIAN_STATE_NAMES } from '~/shared/india';
import { createBusinessSchema, type Business, type CreateBusiness, type CreateBusinessInput } from '~/shared/schemas/business';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';

const FIELDS = ['gstin', 'legalName', 'line1', 'line2', 'city', 'state', 'pinCode'] as const;

interface BusinessFormProps {
  submitLabel?: string;
  /** Sends the values; a rejection with the server's field errors puts them on the fields. */
  onSubmit: (values: CreateBusiness) => Promise<unknown>;
  onCancel?: () => void;
  /** The business being corrected: its values fill the form (a new one's form starts empty). */
  initial?: Business;
}

/**
 * A business a customer buys for (decision 71): GSTIN (format, check character, state code), legal
 * name and the billing address in the GSTIN's state, checked with the schema the server uses.
 */
export function BusinessForm({ submitLabel = 'Save business', onSubmit, onCancel, initial }: BusinessFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateBusinessInput, unknown, CreateBusiness>({
    resolver: zodResolver(createBusinessSchema),
    defaultValues: initial
      ? {
          gstin: initial.gstin,
          legalName: initial.legalName,
          line1: initial.billingAddress.line1,
          line2: initial.billingAddress.line2 ?? '',
          city: initial.billingAddress.city,
          state: initial.billingAddress.state as CreateBusinessInput['state'],
          pinCode: initial.billingAddress.pinCode,
        }
      : { gstin: '', legalName: '', line1: '', line2: '', city: '', state: '' as CreateBusinessInput['state'], pinCode: '' },
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
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit business' : 'New business'} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="GSTIN"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        hint="15 characters, like 27AAPFU0939F1ZV"
        error={errors.gstin?.message}
        {...register('gstin')}
      />
      <TextField
        label="Legal name"
        autoComplete="organization"
        hint="As registered for GST"
        error={errors.legalName?.message}
        {...register('legalName')}
      />
      <TextField
        label="Billing address line 1"
        autoComplete="billing address-line1"
        className="sm:col-span-2"
        error={errors.line1?.message}
        {...register('line1')}
      />
      <TextField
        label="Billing address line 2"
        autoComplete="billing address-line2"
        optional
        className="sm:col-span-2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <TextField label="City" autoComplete="billing address-level2" error={errors.city?.message} {...register('city')} />
      <SelectField
        label="State"
        autoComplete="billing address-level1"
        options={INDIAN_STATE_NAMES}
        placeholder="The GSTIN's state"
        hint="The state of the GSTIN: its first two digits"
        error={errors.state?.message}
        {...register('state')}
      />
      <TextField
        label="PIN code"
        autoComplete="billing postal-code"
        inputMode="numeric"
        maxLength={6}
        error={errors.pinCode?.message}
        {...register('pinCode')}
      />
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
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
