import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { shipOrderSchema } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useShipOrder } from '../api/vendor-lists';

/** The couriers Indian sellers use most; any other can be typed. */
const COURIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'Ecom Express', 'Ekart', 'India Post', 'Shadowfax', 'XpressBees'];
const FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;
type Input = z.input<typeof shipOrderSchema>;
type Output = z.output<typeof shipOrderSchema>;

/** Records the courier and tracking number of the vendor's items of an order; the customer sees them at once. */
export function ShipOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: VendorOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ship = useShipOrder(order.id);
  const listId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(shipOrderSchema), defaultValues: { carrier: '', trackingNumber: '' } });

  const change = (next: boolean) => {
    if (!next) {
      reset();
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    const input = { ...values, trackingUrl: values.trackingUrl || undefined };
    ship.mutate(input, {
      onSuccess: (shipped) => {
        toast.success(`Order ${shipped.orderNumber} shipped with ${input.carrier}. The customer can track it now.`);
        change(false);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Ship order ${order.orderNumber}`}
      description={`Your ${order.itemCount === 1 ? 'item' : `${order.itemCount} items`} to ${order.shipTo.name}, ${order.shipTo.city} ${order.shipTo.pinCode}. The customer sees the courier and tracking number on the order page.`}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
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
          <Button type="submit" loading={ship.isPending}>
            Mark shipped
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
