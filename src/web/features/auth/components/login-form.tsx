import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '~/shared/paths';
import { loginSchema, type LoginPortal } from '~/shared/schemas/auth';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useLogin } from '../api/login';

type Input = z.input<typeof loginSchema>;
type Output = z.output<typeof loginSchema>;

const LANDING: Record<LoginPortal, string> = {
  customer: paths.home,
  vendor: paths.vendor.dashboard,
  admin: paths.admin.dashboard,
};

/** One login form for the three login pages; `portal` tells the server which role may enter. */
export function LoginForm({ portal }: { portal: LoginPortal }) {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', portal } });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: ({ user }) => {
        toast.success(`Welcome back, ${user.name || user.email}.`);
        void navigate(from ?? LANDING[portal], { replace: true });
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['email', 'password'])),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {formError && (
        <Alert tone="error" title={isApiError(login.error, 'RATE_LIMITED') ? 'Too many attempts' : 'Could not sign in'}>
          {formError}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Sign in
      </Button>
      {portal === 'customer' && (
        <p className="text-center text-sm text-slate-600">
          New here?{' '}
          <Link to={paths.register} state={location.state} className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </p>
      )}
      {portal === 'vendor' && (
        <p className="text-center text-sm text-slate-600">
          Want to sell with us?{' '}
          <Link to={paths.vendor.register} className="font-semibold text-brand-700 underline">
            Register as a vendor
          </Link>
        </p>
      )}
    </form>
  );
}
