import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminShipOrderSchema, type AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useAdminOrderStep } from '../api/admin-orders-queries';
import { NoWrap } from '~/web/components/ui/no-wrap';

/** The couriers Indian sellers use most; any other can be typed. */
const COURIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'Ecom Express', 'Ekart', 'India Post', 'Shadowfax', 'XpressBees'];
const FIELDS = ['vendorId', 'carrier', 'trackingNumber', 'trackingUrl'] as const;
type Input = z.input<typeof adminShipOrderSchema>;
type Output = z.output<typeof adminShipOrderSchema>;

/** Records one seller's shipment of the order: courier and tracking (AWB) number, which the customer sees at once. */
export function ShipDialog({
  data,
  open,
  onOpenChange,
}: {
  data: AdminOrderResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { order, controls } = data;
  const waiting = controls.sellers.filter((s) => s.hasOpenItems && s.shipment === null);
  const step = useAdminOrderStep(order.id);
  const listId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(adminShipOrderSchema),
    defaultValues: { carrier: '', trackingNumber: '', vendorId: waiting[0]?.vendorId },
  });

  const change = (next: boolean) => {
    if (!next) {
      reset({ carrier: '', trackingNumber: '', vendorId: waiting[0]?.vendorId });
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    const body = { ...values, trackingUrl: values.trackingUrl || undefined };
    step.mutate(
      { step: 'ship', body },
      {
        onSuccess: () => {
          const seller = waiting.find((s) => s.vendorId === body.vendorId)?.name ?? 'the seller';
          toast.success(`Order ${order.orderNumber}: the items of ${seller} shipped with ${body.carrier}, AWB ${body.trackingNumber}.`);
          change(false);
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
      },
    );
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={
        <>
          Ship order <NoWrap>{order.orderNumber}</NoWrap>
        </>
      }
      description="One shipment per seller. The customer sees the courier and tracking number on the order page, and gets an e-mail once every seller has shipped."
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <FieldShell label="Seller" error={errors.vendorId?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
              {...register('vendorId')}
            >
              {waiting.map((s) => (
                <option key={s.vendorId} value={s.vendorId}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <TextField label="Courier" list={listId} autoComplete="off" error={errors.carrier?.message} {...register('carrier')} />
        <datalist id={listId}>
          {COURIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField
          label="Tracking number (AWB)"
          autoComplete="off"
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
        <TextField
          label="Tracking link"
          optional
          type="url"
          inputMode="url"
          placeholder="https://…"
          error={errors.trackingUrl?.message}
          {...register('trackingUrl', { setValueAs: (v: string) => (v.trim() ? v.trim() : undefined) })}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={step.isPending}>
            Mark shipped
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
