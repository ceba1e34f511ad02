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
import { CourierShipForm } from './courier-ship-form';

/** The couriers Indian sellers use most; any other can be typed. */
const COURIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'Ecom Express', 'Ekart', 'India Post', 'Shadowfax', 'XpressBees'];
const FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;
type Input = z.input<typeof shipOrderSchema>;
type Output = z.output<typeof shipOrderSchema>;

type Mode = 'courier' | 'manual';

/**
 * Ships the vendor's items of an order: by buying one of the couriers the shop's courier service offers for
 * the parcel (decision 78), or with a courier of the seller's own, typing its name and tracking number.
 */
export function ShipOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: VendorOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<Mode>('courier');
  const name = useId();
  const change = (next: boolean) => {
    if (!next) setMode('courier');
    onOpenChange(next);
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Ship order ${order.orderNumber}`}
      description={`Your ${order.itemCount === 1 ? 'item' : `${order.itemCount} items`} to ${order.shipTo.name}, ${order.shipTo.city} ${order.shipTo.pinCode}. The customer sees the courier and tracking number on the order page.`}
    >
      <fieldset className="mt-4">
        <legend className="sr-only">How you ship it</legend>
        <div className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-1 text-sm">
          {(
            [
              ['courier', 'Buy a courier'],
              ['manual', 'Enter tracking by hand'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="relative cursor-pointer rounded px-3 py-1.5 text-center text-slate-700 has-[:checked]:bg-white has-[:checked]:font-medium has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {open && mode === 'courier' ? (
        <CourierShipForm order={order} onDone={() => change(false)} />
      ) : (
        <ManualShipForm order={order} onDone={() => change(false)} />
      )}
    </DialogFrame>
  );
}

/** Records the courier and tracking number of the vendor's items of an order; the customer sees them at once. */
function ManualShipForm({ order, onDone }: { order: VendorOrder; onDone: () => void }) {
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
      onDone();
    }
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
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField label="Courier" list={listId} autoComplete="off" error={errors.carrier?.message} {...register('carrier')} />
      <datalist id={listId}>
        {COURIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField label="Tracking number (AWB)" autoComplete="off" error={errors.trackingNumber?.message} {...register('trackingNumber')} />
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
  );
}
