import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeEmailSchema } from '~/shared/schemas/account-recovery';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useChangeEmail } from '../api/change-email';

type Input = z.input<typeof changeEmailSchema>;
type Output = z.output<typeof changeEmailSchema>;

/**
 * Change of e-mail address (for every role's profile page): the current password is asked for; the
 * new address is sent a link and the change happens only when it is followed.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const headingId = useId();
  const change = useChangeEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(changeEmailSchema), defaultValues: { newEmail: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success('Check your new inbox to confirm the change.');
        reset();
        return message;
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['newEmail', 'password'])),
    });
  });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        E-mail address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You sign in with <strong className="break-all">{currentEmail}</strong>. To change it, we e-mail a link to the new address; the
        change happens when you open it, and your other devices are signed out.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.newEmail?.message}
          {...register('newEmail')}
        />
        <TextField
          // Not "Current password": the password form below has that field, and two fields of one
          // page with one name leave a screen reader's list of fields (and a person) guessing.
          label="Your password, to confirm the new address"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {change.isSuccess && (
          <Alert tone="success" title="Confirm the new address" className="wrap-anywhere sm:col-span-2">
            {change.data.message}
          </Alert>
        )}
        {formError && (
          <Alert
            tone="error"
            title={isApiError(change.error, 'RATE_LIMITED') ? 'Too many attempts' : 'Could not change the address'}
            className="sm:col-span-2"
          >
            {formError}
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" loading={change.isPending}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </section>
  );
}
