import { useState, type FormEvent } from 'react';
import {
  cancelEInvoiceSchema,
  EINVOICE_CANCEL_REASON_LABELS,
  EINVOICE_CANCEL_REASONS,
  type EInvoiceRegistration,
} from '~/shared/schemas/einvoices';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { controlClasses, FieldShell, TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { useCancelEInvoice, useRetryEInvoice, type EInvoicesAudience } from '~/web/lib/einvoices';
import { toast } from '~/web/lib/toast';

const docName = (e: EInvoiceRegistration) => `${e.documentType === 'INV' ? 'invoice' : 'credit note'} ${e.documentNumber}`;

function Retry({ einvoice, audience }: { einvoice: EInvoiceRegistration; audience: EInvoicesAudience }) {
  const retry = useRetryEInvoice(audience);
  const run = () =>
    retry.mutate(einvoice.id, {
      onSuccess: () => toast.success(`Registering the e-invoice of ${docName(einvoice)} again.`),
      onError: (error) => toast.error(isApiError(error) ? error.message : 'The retry could not be started. Try again.'),
    });
  return (
    <Button size="sm" loading={retry.isPending} onClick={run} aria-label={`Retry the e-invoice of ${docName(einvoice)}`}>
      Retry
    </Button>
  );
}

type Reason = (typeof EINVOICE_CANCEL_REASONS)[number];

function Cancel({ einvoice, audience }: { einvoice: EInvoiceRegistration; audience: EInvoicesAudience }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason | ''>('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; remark?: string; form?: string }>({});
  const cancel = useCancelEInvoice(audience);
  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setRemark('');
      setErrors({});
    }
    setOpen(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = cancelEInvoiceSchema.safeParse({ reason: reason || undefined, remark });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return setErrors(fields);
    }
    try {
      await cancel.mutateAsync({ id: einvoice.id, body: checked.data });
      toast.success(`The IRN of ${docName(einvoice)} is cancelled.`);
      change(false);
    } catch (error) {
      setErrors(isApiError(error) ? { ...error.fields, form: error.message } : { form: 'That did not work. Try again.' });
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Cancel IRN of ${docName(einvoice)}`}>
        Cancel IRN
      </Button>
      <DialogFrame
        open={open}
        onOpenChange={change}
        title={`Cancel the IRN of ${docName(einvoice)}?`}
        description="The portal allows an IRN to be cancelled within 24 hours of its acknowledgement, and never again for the same number. After that, issue a credit note instead."
      >
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
          <FieldShell label="Reason" error={errors.reason}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={controlClasses(invalid)}
                value={reason}
                onChange={(e) => setReason(e.target.value as Reason | '')}
              >
                <option value="">Choose a reason</option>
                {EINVOICE_CANCEL_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {EINVOICE_CANCEL_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <TextareaField
            label="Remark"
            hint="3 to 100 characters, sent to the portal."
            error={errors.remark}
            value={remark}
            maxLength={100}
            onChange={(e) => setRemark(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={cancel.isPending}>
              Cancel IRN
            </Button>
          </div>
        </form>
      </DialogFrame>
    </>
  );
}

/** A row's actions: Retry when it failed, Cancel IRN while it can still be cancelled; otherwise none. */
export function EInvoiceActions({ einvoice, audience, now }: { einvoice: EInvoiceRegistration; audience: EInvoicesAudience; now: number }) {
  if (einvoice.status === 'failed') return <Retry einvoice={einvoice} audience={audience} />;
  if (einvoice.status === 'registered' && einvoice.cancellableUntil && new Date(einvoice.cancellableUntil).getTime() > now) {
    return <Cancel einvoice={einvoice} audience={audience} />;
  }
  return <span className="text-sm text-slate-600">None</span>;
}
