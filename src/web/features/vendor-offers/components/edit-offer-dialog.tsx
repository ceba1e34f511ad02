import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatPaise } from '~/shared/money';
import type { OfferPatch, VendorOffer } from '~/shared/schemas/vendor-offers';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { usePatchOffer } from '../api/vendor-offers';
import { offerTermsFields } from './offer-form-schema';
import { conditionText, configurationText } from './offer-parts';

const FIELDS = ['price', 'stock', 'dispatchDays', 'status'] as const;
const RENAME = { pricePaise: 'price' } as const;

/** What a change of an offer takes, checked as the offer form checks it (the price at most the MRP). */
const editSchema = (mrpPaise: number) => z.object({ ...offerTermsFields(mrpPaise), status: z.enum(['active', 'paused']) });
type EditInput = z.input<ReturnType<typeof editSchema>>;
type EditOutput = z.output<ReturnType<typeof editSchema>>;

/** The name of an offer in sentences and labels: "Dell P2425H (Screen size 24 inch)". */
export const offerName = (offer: VendorOffer) =>
  offer.configuration.length ? `${offer.productName} (${configurationText(offer.configuration)})` : offer.productName;

/**
 * The form, mounted at each opening of the dialog (its content leaves the page when it closes), so it starts
 * from the offer as the list shows it now. Only what changed is sent; a changed stock goes with the stock the
 * seller saw, so an order that took units meanwhile makes the server refuse it (its message under Stock)
 * rather than sell what is gone.
 */
function EditOfferForm({ offer, onDone }: { offer: VendorOffer; onDone: () => void }) {
  const patch = usePatchOffer();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => editSchema(offer.mrpPaise), [offer.mrpPaise]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      price: String(offer.pricePaise / 100),
      stock: String(offer.stock),
      dispatchDays: String(offer.dispatchDays),
      status: offer.status,
    },
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    const body: OfferPatch = {
      ...(values.price !== offer.pricePaise && { pricePaise: values.price }),
      ...(values.stock !== offer.stock && { stock: values.stock, stockWas: offer.stock }),
      ...(values.dispatchDays !== offer.dispatchDays && { dispatchDays: values.dispatchDays }),
      ...(values.status !== offer.status && { status: values.status }),
    };
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    patch.mutate(
      { id: offer.id, ...body },
      {
        onSuccess: (saved) => {
          toast.success(
            `${saved.productName}: ${saved.status === 'paused' ? 'paused' : 'on sale'} at ${formatPaise(saved.pricePaise)}, ${formatCount(saved.stock)} in stock`,
          );
          onDone();
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS, RENAME)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Your price (₹)"
        inputMode="decimal"
        autoComplete="off"
        hint={`At most the MRP, ${formatPaise(offer.mrpPaise)}`}
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField label="Stock" inputMode="numeric" autoComplete="off" error={errors.stock?.message} {...register('stock')} />
      <TextField
        label="Days to dispatch"
        inputMode="numeric"
        autoComplete="off"
        hint="0 to 30 (0: the same day)"
        error={errors.dispatchDays?.message}
        {...register('dispatchDays')}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Status</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value="active" className="size-4" {...register('status')} />
            On sale
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value="paused" className="size-4" {...register('status')} />
            Paused: shoppers do not see it
          </label>
        </div>
        {errors.status?.message && <p className="mt-1 text-sm text-red-700">{errors.status.message}</p>}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={patch.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Changes an offer's price, stock, days to dispatch and status (on sale or paused). */
export function EditOfferDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: VendorOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Change your offer"
      description={`${offerName(offer)}, ${conditionText(offer)}. MRP ${formatPaise(offer.mrpPaise)}.`}
    >
      <EditOfferForm offer={offer} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}
