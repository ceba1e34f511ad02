import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorDisableSchema, type TwoFactorDisableInput } from '~/shared/schemas/two-factor';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useDisableTwoFactor } from '../api/two-factor-queries';

/** Turning two-step sign-in off: the password and a code from the app (or a recovery code). */
export function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<TwoFactorDisableInput>({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '', code: '' } });
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    disable.mutate(values, {
      onSuccess: () => {
        toast.success('Two-step sign-in is off. Your password alone signs you in now.');
        onDone();
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['password', 'code'])),
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Turn off two-step sign-in"
      className="space-y-4 rounded-md border border-slate-200 p-4"
    >
      <p className="text-sm text-slate-700">
        Without it, anyone who learns your password can sign in. To turn it off, confirm your password and a code.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          error={errors.code?.message}
          {...register('code')}
        />
      </div>
      {formError && (
        <Alert tone="error" title={isApiError(disable.error, 'RATE_LIMITED') ? 'Too many attempts' : undefined}>
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" loading={disable.isPending}>
          Turn off two-step sign-in
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
