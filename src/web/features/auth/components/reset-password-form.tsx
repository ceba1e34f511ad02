import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '~/shared/paths';
import { resetPasswordSchema } from '~/shared/schemas/account-recovery';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime } from '~/web/lib/format';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { resetLinkQueryOptions, useResetPassword } from '../api/account-recovery';
import { SignInLinks } from './forgot-password-form';
import { PASSWORD_HINT } from './password-hint';

type Input = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

function AskForANewLink({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <Alert tone="error" title="This link does not work">
        <p>{message}</p>
      </Alert>
      <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
        Ask for a new link
      </ButtonLink>
    </div>
  );
}

/**
 * Chooses a new password with the token of an e-mailed link (the register form's rules). The link
 * is checked as the page opens: a used or late one says so at once, with the way to a new one.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const link = useQuery({ ...resetLinkQueryOptions(token ?? ''), enabled: Boolean(token) });
  if (!token) return <AskForANewLink message="This page needs the link from the password reset e-mail. Open the link from the e-mail." />;
  if (link.isPending) {
    return (
      <div role="status" aria-label="Checking your link" className="space-y-4">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (link.isError) {
    if (isApiError(link.error) && link.error.fields.token) return <AskForANewLink message={link.error.fields.token} />;
    return <ErrorState title="Could not check your link" error={link.error} onRetry={() => void link.refetch()} />;
  }
  return <NewPasswordForm token={token} expiresAt={link.data.expiresAt} />;
}

function NewPasswordForm({ token, expiresAt }: { token: string; expiresAt: string }) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setFormError(null);
      reset.mutate(values, {
        onSuccess: () => toast.success('Your password has been changed.'),
        onError: (error) => {
          if (isApiError(error) && error.fields.token) setLinkError(error.fields.token);
          else setFormError(applyServerErrors(error, setError, ['password', 'confirmPassword']));
        },
      });
    },
    // The token is not a field the person can correct: say so instead.
    (invalid) => invalid.token && setLinkError(invalid.token.message ?? 'This link is not valid.'),
  );

  if (reset.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success" title="Password changed">
          {reset.data.message} Every device that was signed in to your account has been signed out.
        </Alert>
        <ButtonLink to={paths.login} size="lg" className="w-full">
          Sign in
        </ButtonLink>
        <SignInLinks after />
      </div>
    );
  }
  if (linkError) return <AskForANewLink message={linkError} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-slate-600">
        This link works until <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>.{' '}
        <Link to={paths.forgotPassword} className="text-brand-700 underline">
          Need a new one?
        </Link>
      </p>
      <input type="hidden" {...register('token')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {formError && (
        <Alert tone="error" title="Could not change the password">
          {formError}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
        Change password
      </Button>
    </form>
  );
}
