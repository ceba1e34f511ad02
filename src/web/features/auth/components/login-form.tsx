import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '~/shared/paths';
import { loginSchema, type LoginPortal, type Profile } from '~/shared/schemas/auth';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useLogin } from '../api/login';
import { SignInCodeStep } from './sign-in-code-step';

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
  // With two-step sign-in on, the password step is followed by the code step (decision 27).
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [restarts, setRestarts] = useState(0);
  const from = (location.state as { from?: string } | null)?.from;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', portal } });
  // Back from the code step: the e-mail is kept, the password is asked for again.
  useEffect(() => {
    if (restarts > 0) setFocus('password');
  }, [restarts, setFocus]);

  const signedIn = (user: Profile) => {
    toast.success(`Welcome back, ${user.name || user.email}.`);
    void navigate(from ?? LANDING[portal], { replace: true });
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: (result) => {
        if ('user' in result) signedIn(result.user);
        else setStep('code');
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['email', 'password'])),
    });
  });

  if (step === 'code') {
    return (
      <SignInCodeStep
        onSignedIn={signedIn}
        onRestart={(message) => {
          login.reset();
          setFormError(message ?? null);
          setValue('password', '');
          setStep('password');
          setRestarts((n) => n + 1);
        }}
      />
    );
  }

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
      <p className="-mt-3 text-right text-sm">
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
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
