import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPaise } from '~/shared/money';
import {
  CANCEL_REASONS,
  cancelEwayBillSchema,
  EXTEND_REASONS,
  extendEwayBillSchema,
  generateEwayBillSchema,
  TRANS_MODE_LABELS,
  TRANS_MODES,
  type EwayBill,
  type EwayBillState,
} from '~/shared/schemas/eway-bills';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useEwayBillStep } from '../api/eway-bills';
import { validityText } from './eway-bill-words';

const selectClasses = (invalid: boolean) =>
  `w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:text-sm ${invalid ? 'border-red-600' : 'border-slate-300 focus:border-brand-500'}`;

/** A select whose options have a value and a label (the portal's codes). */
function CodeSelect({
  label,
  error,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; options: Record<string, string> }) {
  return (
    <FieldShell label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={selectClasses(invalid)} {...select}>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

const optional = (v: string) => (v.trim() ? v.trim() : undefined);
const whole = (v: string) => (v.trim() === '' ? undefined : Number(v));

interface DialogProps {
  orderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Part A is the invoice's (shown beside); the seller gives the approximate distance and Part B: vehicle number or transporter id. */
export function GenerateEwayBillDialog({ orderId, state, open, onOpenChange }: DialogProps & { state: EwayBillState }) {
  const step = useEwayBillStep(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof generateEwayBillSchema>, unknown, z.output<typeof generateEwayBillSchema>>({
    resolver: zodResolver(generateEwayBillSchema),
    defaultValues: { transMode: '1' },
  });
  const { errors } = form.formState;
  const change = (next: boolean) => {
    if (!next) {
      form.reset();
      setFormError(null);
    }
    onOpenChange(next);
  };
  const submit = form.handleSubmit((body) => {
    setFormError(null);
    step.mutate(
      { step: 'generate', body },
      {
        onSuccess: (next) => {
          toast.success(`E-way bill ${next.bill?.ewbNo ?? ''} generated, ${next.bill ? validityText(next.bill) : ''}.`);
          change(false);
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(error, form.setError, ['distanceKm', 'transMode', 'vehicleNo', 'transporterId', 'transporterName']),
          ),
      },
    );
  });
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title="Generate e-way bill"
      description={`Part A comes from invoice ${state.partA.docNo}: ${formatPaise(state.valuePaise)} from PIN ${state.partA.fromPinCode} to PIN ${state.partA.toPinCode}, recipient ${state.partA.toGstin === 'URP' ? 'unregistered (URP)' : state.partA.toGstin}.`}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Approximate distance (km)"
          inputMode="numeric"
          hint="By road from your pickup PIN code to the customer’s: it sets how long the bill is valid (a day per 200 km)."
          error={errors.distanceKm?.message}
          {...form.register('distanceKm', { setValueAs: whole })}
        />
        <CodeSelect
          label="Mode of transport"
          options={Object.fromEntries(TRANS_MODES.map((m) => [m, TRANS_MODE_LABELS[m]]))}
          error={errors.transMode?.message}
          {...form.register('transMode')}
        />
        <TextField
          label="Transporter id"
          optional
          autoComplete="off"
          hint="The courier’s GSTIN or TRANSIN, when the courier carries it (they add the vehicle)."
          error={errors.transporterId?.message}
          {...form.register('transporterId', { setValueAs: optional })}
        />
        <TextField
          label="Transporter name"
          optional
          autoComplete="off"
          error={errors.transporterName?.message}
          {...form.register('transporterName', { setValueAs: optional })}
        />
        <TextField
          label="Vehicle number"
          optional
          autoComplete="off"
          placeholder="MH12AB1234"
          hint="When you carry it in your own vehicle. Give this or the transporter id."
          error={errors.vehicleNo?.message}
          {...form.register('vehicleNo', { setValueAs: optional })}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={step.isPending}>
            Generate e-way bill
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** Extends the validity by the distance still to go, within 8 hours before or after it ends (rule 138(10)). */
export function ExtendEwayBillDialog({ orderId, bill, open, onOpenChange }: DialogProps & { bill: EwayBill }) {
  const step = useEwayBillStep(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof extendEwayBillSchema>, unknown, z.output<typeof extendEwayBillSchema>>({
    resolver: zodResolver(extendEwayBillSchema),
    defaultValues: { reasonCode: '4' },
  });
  const { errors } = form.formState;
  const change = (next: boolean) => {
    if (!next) {
      form.reset();
      setFormError(null);
    }
    onOpenChange(next);
  };
  const submit = form.handleSubmit((body) => {
    setFormError(null);
    step.mutate(
      { step: 'extend', body },
      {
        onSuccess: (next) => {
          toast.success(`E-way bill ${bill.ewbNo} extended: ${next.bill ? validityText(next.bill) : ''}.`);
          change(false);
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(error, form.setError, ['remainingDistanceKm', 'fromPinCode', 'reasonCode', 'remarks', 'vehicleNo']),
          ),
      },
    );
  });
  return (
    <DialogFrame open={open} onOpenChange={change} title={`Extend e-way bill ${bill.ewbNo}`} description={`Now ${validityText(bill)}.`}>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Remaining distance (km)"
          inputMode="numeric"
          error={errors.remainingDistanceKm?.message}
          {...form.register('remainingDistanceKm', { setValueAs: whole })}
        />
        <TextField
          label="PIN code where the goods are now"
          inputMode="numeric"
          maxLength={6}
          error={errors.fromPinCode?.message}
          {...form.register('fromPinCode')}
        />
        <CodeSelect label="Reason" options={EXTEND_REASONS} error={errors.reasonCode?.message} {...form.register('reasonCode')} />
        <TextField label="Remarks" error={errors.remarks?.message} {...form.register('remarks')} />
        <TextField
          label="New vehicle number"
          optional
          autoComplete="off"
          error={errors.vehicleNo?.message}
          {...form.register('vehicleNo', { setValueAs: optional })}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={step.isPending}>
            Extend validity
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** Cancels the e-way bill with a reason: within 24 hours of its generation, before the parcel ships (rule 138(9)). */
export function CancelEwayBillDialog({ orderId, bill, open, onOpenChange }: DialogProps & { bill: EwayBill }) {
  const step = useEwayBillStep(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof cancelEwayBillSchema>, unknown, z.output<typeof cancelEwayBillSchema>>({
    resolver: zodResolver(cancelEwayBillSchema),
    defaultValues: { reasonCode: '3' },
  });
  const { errors } = form.formState;
  const change = (next: boolean) => {
    if (!next) {
      form.reset();
      setFormError(null);
    }
    onOpenChange(next);
  };
  const submit = form.handleSubmit((body) => {
    setFormError(null);
    step.mutate(
      { step: 'cancel', body },
      {
        onSuccess: () => {
          toast.success(`E-way bill ${bill.ewbNo} cancelled. The parcel needs a new one before it ships.`);
          change(false);
        },
        onError: (error) => setFormError(applyServerErrors(error, form.setError, ['reasonCode', 'remarks'])),
      },
    );
  });
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Cancel e-way bill ${bill.ewbNo}`}
      description="A cancelled e-way bill cannot be used again: the parcel needs a new one before it ships."
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <CodeSelect label="Reason" options={CANCEL_REASONS} error={errors.reasonCode?.message} {...form.register('reasonCode')} />
        <TextField label="Remarks" error={errors.remarks?.message} {...form.register('remarks')} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={step.isPending}>
            Cancel e-way bill
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
