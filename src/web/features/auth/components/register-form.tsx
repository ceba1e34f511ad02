import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '~/shared/paths';
import { registerCustomerSchema } from '~/shared/schemas/auth';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useRegisterCustomer } from '../api/register';
import { PASSWORD_HINT } from './password-hint';

type Input = z.input<typeof registerCustomerSchema>;
type Output = z.output<typeof registerCustomerSchema>;
const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm() {
  const registration = useRegisterCustomer();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(registerCustomerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: ({ user }) => {
        toast.success(`Welcome to Sahyadri Computers, ${user.name}. Your account is ready.`);
        void navigate(from ?? paths.home, { replace: true });
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
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
      {formError && (
        <Alert tone="error" title="Could not create your account">
          {formError}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={registration.isPending}>
        Create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state} className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
