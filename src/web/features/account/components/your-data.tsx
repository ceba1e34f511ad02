import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_DELETION_COOLING_OFF_DAYS,
  requestDeletionSchema,
  type AccountResponse,
  type RequestDeletionInput,
} from '~/shared/schemas/account';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { ACCOUNT_EXPORT_HREF, useCancelDeletion, useRequestDeletion } from '../api/account-queries';

/** "Your data" (DPDP Act 2023): download it all as JSON, or ask for the account to be deleted after a cooling-off. */
export function YourData({ account, deletable = true }: { account: AccountResponse; deletable?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelDeletion();
  const deletion = account.deletion;

  return (
    <section aria-labelledby="your-data-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="your-data-heading" className="text-xl font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A copy of what we hold about you: your details, addresses, orders, reviews, wishlist and sign-ins, as a JSON file.
      </p>
      {/* A plain link, as the shop's other downloads: the browser sends the session cookie and saves the file. */}
      <a
        href={ACCOUNT_EXPORT_HREF}
        download
        className={buttonClasses('secondary', 'md', 'mt-4')}
        onClick={() => toast.success('Your data is downloading as a JSON file.')}
      >
        <Download aria-hidden="true" className="size-4" />
        Download my data
      </a>

      {deletable && (
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h3 className="text-base font-semibold text-slate-900">Delete my account</h3>
          {deletion ? (
            <Alert tone="warning" title={`Your account will be deleted on ${formatDate(deletion.dueAt)}`} className="mt-3">
              <p>
                Until then you can change your mind: cancel below, or simply sign in again. After that date your personal data is erased;
                orders with an issued GST invoice are kept for six years, as the law requires.
              </p>
              <Button
                variant="secondary"
                className="mt-3"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => toast.success('Deletion cancelled. Your account stays.'),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                Cancel deletion
              </Button>
            </Alert>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                We erase your personal data {ACCOUNT_DELETION_COOLING_OFF_DAYS} days after you ask; signing in before then cancels it.
                Orders with an issued GST invoice are kept for six years, as the law requires.
              </p>
              <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
                Delete my account
              </Button>
            </>
          )}
        </div>
      )}
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </section>
  );
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const request = useRequestDeletion();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RequestDeletionInput>({ resolver: zodResolver(requestDeletionSchema), defaultValues: { password: '' } });
  const change = (next: boolean) => {
    if (!next) {
      reset({ password: '' });
      setFormError(null);
    }
    onOpenChange(next);
  };
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    request.mutate(values, {
      onSuccess: (account) => {
        change(false);
        toast.success(`Your account will be deleted on ${formatDate(account.deletion!.dueAt)}. We have e-mailed you.`);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['password'])),
    });
  });
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title="Delete your account?"
      description={`Your personal data will be erased in ${ACCOUNT_DELETION_COOLING_OFF_DAYS} days and every other device is signed out now. Enter your password to confirm.`}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {formError && (
          <Alert tone="error" title={isApiError(request.error, 'CONFLICT') ? 'Your account cannot be deleted yet' : undefined}>
            {formError}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep my account</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={request.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
