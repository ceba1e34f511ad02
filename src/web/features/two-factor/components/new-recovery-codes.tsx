import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { newRecoveryCodesSchema, type NewRecoveryCodesInput } from '~/shared/schemas/two-factor';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { useUser } from '~/web/lib/session/session';
import { toast } from '~/web/lib/toast';
import { twoFactorKeys, useNewRecoveryCodes } from '../api/two-factor-queries';
import { RecoveryCodes } from './recovery-codes';

/** Ten new recovery codes after the password (the ones left stop working), shown once like the first ten. */
export function NewRecoveryCodes({ onDone }: { onDone: () => void }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const make = useNewRecoveryCodes();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<NewRecoveryCodesInput>({ resolver: zodResolver(newRecoveryCodesSchema), defaultValues: { password: '' } });
  useEffect(() => setFocus('password'), [setFocus]);

  if (make.data) {
    return (
      <RecoveryCodes
        codes={make.data.recoveryCodes}
        email={user?.email}
        title="Your new recovery codes"
        intro="The codes you had before no longer work."
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
          toast.success('New recovery codes saved. The old ones no longer work.');
          onDone();
        }}
      />
    );
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    make.mutate(values, { onError: (error) => setFormError(applyServerErrors(error, setError, ['password'])) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New recovery codes" className="space-y-4 rounded-md border border-slate-200 p-4">
      <p className="text-sm text-slate-700">Ten new codes replace the ones you have left. Confirm your password to make them.</p>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {formError && (
        <Alert tone="error" title={isApiError(make.error, 'RATE_LIMITED') ? 'Too many attempts' : undefined}>
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={make.isPending}>
          Make new codes
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
