import { useState, type FormEvent } from 'react';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';

/** Asks for the reason of an action (suspending, rejecting, reactivating) and runs it; errors stay in the dialog. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  hint,
  confirmLabel,
  danger = false,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  hint: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (reason.trim().length < 5) return setError('Give a reason of at least 5 characters.');
    try {
      await onConfirm(reason.trim());
      change(false);
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.reason ?? e.message) : 'That did not work. Try again.');
    }
  };
  return (
    <DialogFrame open={open} onOpenChange={change} title={title} description={description}>
      <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <TextareaField label="Reason" hint={hint} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Go back</Button>
          </DialogClose>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
