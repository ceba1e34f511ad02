import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Profile } from '~/shared/schemas/auth';
import { twoFactorCodeFormSchema, twoFactorRecoveryFormSchema } from '~/shared/schemas/two-factor';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { useSignInWithCode } from '../api/login';

interface StepProps {
  onSignedIn: (user: Profile) => void;
  /** Back to the password step, with the reason when the pending sign-in ended (expired, too many codes). */
  onRestart: (message?: string) => void;
}

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code from the authenticator
 * app, or one of the recovery codes. The field takes the focus so the code can be typed at once.
 */
export function SignInCodeStep(props: StepProps) {
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          {mode === 'app'
            ? 'Your password was right. Now enter the 6-digit code your authenticator app shows for Sahyadri Computers.'
            : 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'}
        </p>
      </div>
      {mode === 'app' ? <AppCodeForm {...props} /> : <RecoveryCodeForm {...props} />}
      <div className="flex flex-col items-start gap-1 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => setMode(mode === 'app' ? 'recovery' : 'app')}
        >
          {mode === 'app' ? 'Use a recovery code instead' : 'Use the code from my authenticator app instead'}
        </button>
        <button type="button" className="text-slate-700 underline" onClick={() => props.onRestart()}>
          Back to e-mail and password
        </button>
      </div>
    </div>
  );
}

/** What the step does with a failed attempt: an ended sign-in goes back; the rest stays on the form. */
function useCodeSubmit({ onSignedIn, onRestart }: StepProps) {
  const signIn = useSignInWithCode();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (body: { code: string } | { recoveryCode: string }, setFieldErrors: (error: unknown) => string | null) => {
    setFormError(null);
    signIn.mutate(body, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => {
        if (isApiError(error, 'UNAUTHENTICATED')) onRestart(error.message);
        else setFormError(setFieldErrors(error));
      },
    });
  };
  const alert = formError && (
    <Alert tone="error" title={isApiError(signIn.error, 'RATE_LIMITED') ? 'Too many attempts' : 'Could not sign in'}>
      {formError}
    </Alert>
  );
  return { submit, pending: signIn.isPending, alert };
}

function AppCodeForm(props: StepProps) {
  const { submit, pending, alert } = useCodeSubmit(props);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorCodeFormSchema>, unknown, z.output<typeof twoFactorCodeFormSchema>>({
    resolver: zodResolver(twoFactorCodeFormSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);
  const onSubmit = handleSubmit((values) => submit(values, (error) => applyServerErrors(error, setError, ['code'])));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        spellCheck={false}
        hint="6 digits; a new code every 30 seconds."
        error={errors.code?.message}
        {...register('code')}
      />
      {alert}
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Verify
      </Button>
    </form>
  );
}

function RecoveryCodeForm(props: StepProps) {
  const { submit, pending, alert } = useCodeSubmit(props);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorRecoveryFormSchema>, unknown, z.output<typeof twoFactorRecoveryFormSchema>>({
    resolver: zodResolver(twoFactorRecoveryFormSchema),
    defaultValues: { recoveryCode: '' },
  });
  useEffect(() => setFocus('recoveryCode'), [setFocus]);
  const onSubmit = handleSubmit((values) => submit(values, (error) => applyServerErrors(error, setError, ['recoveryCode'])));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Recovery code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="Like ABCD-EFGH-JKMN."
        error={errors.recoveryCode?.message}
        {...register('recoveryCode')}
      />
      {alert}
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Verify
      </Button>
    </form>
  );
}
