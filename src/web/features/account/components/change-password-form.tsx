import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/shared/constants';
import { changePasswordSchema, type ChangePasswordInput } from '~/shared/schemas/account';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useChangePassword } from '../api/account-queries';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change the password: the current one first; every other device is signed out, this one stays. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success('Password changed. Every other device has been signed out.');
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword'])),
    });
  });

  return (
    <section aria-labelledby="change-password-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="change-password-heading" className="text-xl font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it signs you out on every other device; you stay signed in here.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; common passwords are refused.`}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {formError && (
          <Alert tone="error" className="sm:col-span-3">
            {formError}
          </Alert>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
