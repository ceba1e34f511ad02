import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { INDIAN_STATE_NAMES } from '~/shared/india';
import { paths } from '~/shared/paths';
import { registerVendorSchema } from '~/shared/schemas/vendor';
import { PickupLines } from '~/web/components/address/pickup-lines';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useRegisterVendor } from '../api/register';
import { PASSWORD_HINT } from './password-hint';

type Input = z.input<typeof registerVendorSchema>;
type Output = z.output<typeof registerVendorSchema>;
const FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'businessName',
  'mobile',
  'gstin',
  'pickupLine1',
  'pickupLine2',
  'pickupCity',
  'pickupState',
  'pickupPinCode',
] as const;

export function VendorRegisterForm() {
  const registration = useRegisterVendor();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(registerVendorSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      businessName: '',
      mobile: '',
      gstin: '',
      pickupLine1: '',
      pickupLine2: '',
      pickupCity: '',
      pickupState: '' as Input['pickupState'],
      pickupPinCode: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: () => {
        toast.success('Your vendor account is registered. We will review it shortly.');
        void navigate(paths.vendor.dashboard, { replace: true });
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold text-slate-900">Your account</legend>
        <TextField label="Your full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold text-slate-900">Your business</legend>
        <TextField label="Business name" autoComplete="organization" error={errors.businessName?.message} {...register('businessName')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Mobile number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="98220 45678"
            hint="Indian mobile, 10 digits; +91 is added for you."
            error={errors.mobile?.message}
            {...register('mobile')}
          />
          <TextField
            label="GSTIN"
            optional
            autoCapitalize="characters"
            placeholder="27AAPFU0939F1ZV"
            hint="15 characters; we check its format and check digit."
            error={errors.gstin?.message}
            {...register('gstin')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold text-slate-900">Pickup address</legend>
        <p className="text-sm text-slate-600">Where our courier partners collect your orders.</p>
        <PickupLines
          line1={register('pickupLine1')}
          line2={register('pickupLine2')}
          errors={{ line1: errors.pickupLine1?.message, line2: errors.pickupLine2?.message }}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="City" autoComplete="address-level2" error={errors.pickupCity?.message} {...register('pickupCity')} />
          <SelectField
            label="State or union territory"
            options={INDIAN_STATE_NAMES}
            placeholder="Choose…"
            autoComplete="address-level1"
            error={errors.pickupState?.message}
            {...register('pickupState')}
          />
          <TextField
            label="PIN code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="411004"
            error={errors.pickupPinCode?.message}
            {...register('pickupPinCode')}
          />
        </div>
      </fieldset>

      {formError && (
        <Alert tone="error" title="Could not register your business">
          {formError}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={registration.isPending}>
        Register as a vendor
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already selling with us?{' '}
        <Link to={paths.vendor.login} className="font-semibold text-brand-700 underline">
          Vendor login
        </Link>
      </p>
    </form>
  );
}
