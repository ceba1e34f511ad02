import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateAccountSchema, type AccountResponse } from '~/shared/schemas/account';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { formatDate, formatMobile } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useUpdateAccount } from '../api/account-queries';

type Input = z.input<typeof updateAccountSchema>;
type Output = z.output<typeof updateAccountSchema>;

/** Name and mobile (+91), with the e-mail and the date the account was opened shown beside them. */
export function AccountProfileForm({ account }: { account: AccountResponse }) {
  const update = useUpdateAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(updateAccountSchema),
    values: { name: account.name, phone: account.phone ? formatMobile(account.phone) : '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    update.mutate(
      { name: values.name, phone: values.phone ?? '' },
      {
        onSuccess: (saved) => {
          reset({ name: saved.name, phone: saved.phone ? formatMobile(saved.phone) : '' });
          toast.success('Your details are saved.');
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['name', 'phone'])),
      },
    );
  });

  return (
    <section aria-labelledby="account-profile-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="account-profile-heading" className="text-xl font-semibold text-slate-900">
        Your details
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">E-mail address</dt>
          <dd className="mt-1 break-all text-slate-900">{account.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Member since</dt>
          <dd className="mt-1 text-slate-900">
            <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          optional
          hint="An Indian mobile, like 98220 45678. Leave empty to remove it."
          error={errors.phone?.message}
          {...register('phone')}
        />
        {formError && (
          <Alert tone="error" className="sm:col-span-2">
            {formError}
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            Save details
          </Button>
        </div>
      </form>
    </section>
  );
}
