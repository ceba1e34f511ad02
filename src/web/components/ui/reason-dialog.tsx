import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';

/**
 * Asks for the reason of an action (suspending, rejecting, hiding) and runs it; errors stay in the dialog.
 * The reason is checked with `schema`, the one the server parses it with, so the dialog never lets
 * through a reason the server refuses, nor says another minimum than the hint.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  hint,
  schema,
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
  /** The reason's schema from `shared/schemas` (its minimum, maximum and their messages). */
  schema: z.ZodType<string, string>;
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
    const checked = schema.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Give a reason.');
    try {
      await onConfirm(checked.data);
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
