import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPaise } from '~/shared/money';
import { markPaidSchema, todayInIndia, type AdminPayout } from '~/shared/schemas/payouts';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useMarkPaid } from '../api/admin-payouts-queries';
import { weekLabel } from './payout-figures';

const FIELDS = ['bankReference', 'paidOn'] as const;
type Input = z.input<typeof markPaidSchema>;
type Output = z.output<typeof markPaidSchema>;

/** Records the bank transfer of a payout: its reference (UTR) and the day it was made. The vendor sees both at once. */
export function MarkPaidDialog({
  payout,
  open,
  onOpenChange,
}: {
  payout: AdminPayout;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const markPaid = useMarkPaid(payout.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(markPaidSchema),
    defaultValues: { bankReference: '', paidOn: todayInIndia() },
  });

  const change = (next: boolean) => {
    if (!next) {
      reset();
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    markPaid.mutate(values, {
      onSuccess: (paid) => {
        toast.success(`Payout of ${formatPaise(paid.netPaise)} to ${payout.vendorName} marked paid (UTR ${paid.bankReference}).`);
        change(false);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Mark paid: ${payout.vendorName}`}
      description={`${formatPaise(payout.netPaise)} for the week ${weekLabel(payout)}. Enter the bank's reference (UTR) of the transfer; the seller sees it on their payouts page.`}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        {payout.bankAccount ? (
          <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
            Paid to: <strong>{payout.bankAccount.holderName}</strong>, account{' '}
            <span className="font-mono tracking-wider">{payout.bankAccount.maskedNumber}</span>, IFSC{' '}
            <span className="font-mono">{payout.bankAccount.ifsc}</span>
          </p>
        ) : (
          <Alert tone="warning">
            {payout.vendorName} has no bank account on file, so this payout is left out of the bank file. Mark it paid only if you paid it
            another way; otherwise ask the seller to add one in their profile first.
          </Alert>
        )}
        <TextField
          label="Bank reference (UTR)"
          autoComplete="off"
          spellCheck={false}
          hint="12 to 22 letters and digits, as on the bank's advice, like HDFCN52026112400123"
          error={errors.bankReference?.message}
          {...register('bankReference')}
        />
        <TextField
          label="Date of the transfer"
          type="date"
          max={todayInIndia()}
          min={payout.periodEnd}
          error={errors.paidOn?.message}
          {...register('paidOn', { setValueAs: (v: string) => (v ? v : undefined) })}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={markPaid.isPending}>
            Mark paid
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
