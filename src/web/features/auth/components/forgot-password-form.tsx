import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '~/shared/paths';
import { forgotPasswordSchema } from '~/shared/schemas/account-recovery';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { useForgotPassword } from '../api/account-recovery';

type Input = z.input<typeof forgotPasswordSchema>;
type Output = z.output<typeof forgotPasswordSchema>;

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    forgot.mutate(values, { onError: (error) => setFormError(applyServerErrors(error, setError, ['email'])) });
  });

  if (forgot.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success" title="Check your e-mail">
          {forgot.data.message}
        </Alert>
        <p className="text-sm text-slate-600">
          No e-mail after a few minutes? Check the spam folder, or{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => forgot.reset()}>
            try again
          </button>
          .
        </p>
        <SignInLinks />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="The address you sign in with."
        error={errors.email?.message}
        {...register('email')}
      />
      {formError && (
        <Alert tone="error" title={isApiError(forgot.error, 'RATE_LIMITED') ? 'Too many requests' : 'Could not send the link'}>
          {formError}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
        E-mail me a link
      </Button>
      <SignInLinks />
    </form>
  );
}

/**
 * Back to the sign-in pages (one form serves customers, sellers and staff). `after` a reset, the
 * page already shows the customer's Sign in button: only the other two doors are named.
 */
export function SignInLinks({ after = false }: { after?: boolean }) {
  const others = (
    <>
      <Link to={paths.vendor.login} className="text-brand-700 underline">
        Seller sign-in
      </Link>{' '}
      ·{' '}
      <Link to={paths.admin.login} className="text-brand-700 underline">
        Admin sign-in
      </Link>
    </>
  );
  if (after) return <p className="text-center text-sm text-slate-600">Selling with us or running the shop? {others}</p>;
  return (
    <p className="text-center text-sm text-slate-600">
      Remembered it?{' '}
      <Link to={paths.login} className="font-semibold text-brand-700 underline">
        Sign in
      </Link>{' '}
      · {others}
    </p>
  );
}
