import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { CATEGORIES } from '~/shared/constants';
import { MAX_COUPON_PERCENT, type AdminCoupon } from '~/shared/schemas/coupons';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { couponVendorsQueryOptions, useSaveCoupon } from '../api/coupons-queries';
import { COUPON_FORM_FIELDS, couponBodyOf, formValuesOf, toLocalInput, type CouponFormValues } from './coupon-form-values';

const selectClasses = (invalid: boolean) =>
  `w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:text-sm ${invalid ? 'border-red-600' : 'border-slate-300 focus:border-brand-500'}`;

/**
 * Creates a coupon, or edits one (`coupon` given): its code stays; the changes apply to orders
 * placed from now on. Checked with the server's schema before sending; the server's field errors
 * (a taken code, a limit below the uses) land on their fields.
 */
export function CouponFormDialog({
  coupon,
  open,
  onOpenChange,
}: {
  coupon: AdminCoupon | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mode = coupon ? 'edit' : 'create';
  const save = useSaveCoupon(coupon?.code ?? null);
  const vendors = useQuery({ ...couponVendorsQueryOptions(), enabled: open });
  const [formError, setFormError] = useState<string | null>(null);
  const resolver: Resolver<CouponFormValues> = async (values) => {
    const parsed = mode === 'create' ? couponBodyOf(values, 'create') : couponBodyOf(values, 'edit');
    if (parsed.ok) return { values, errors: {} };
    const errors: FieldErrors<CouponFormValues> = {};
    for (const [field, message] of Object.entries(parsed.errors)) errors[field as keyof CouponFormValues] = { type: 'validate', message };
    return { values: {}, errors };
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<CouponFormValues>({ resolver, defaultValues: formValuesOf(coupon) });
  const kind = useWatch({ control, name: 'kind' });

  const change = (next: boolean) => {
    if (!next) {
      reset(formValuesOf(coupon));
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    const parsed = mode === 'create' ? couponBodyOf(values, 'create') : couponBodyOf(values, 'edit');
    if (!parsed.ok) return;
    // A date left as it was keeps its seconds (the field shows minutes), so the edit changes only what the admin changed.
    const body = { ...parsed.body };
    if (coupon && values.startsAt === toLocalInput(coupon.startsAt)) body.startsAt = coupon.startsAt;
    if (coupon?.expiresAt && values.expiresAt === toLocalInput(coupon.expiresAt)) body.expiresAt = coupon.expiresAt;
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(mode === 'create' ? `Coupon ${saved.code} created.` : `Coupon ${saved.code} saved. Orders from now on follow it.`);
        change(false);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, COUPON_FORM_FIELDS)),
    });
  });

  const used = coupon?.usedCount ?? 0;
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      description={
        coupon
          ? `Changes apply to orders placed from now on; orders already placed keep their discount.${used > 0 ? ` Used ${used} times so far.` : ''}`
          : 'Customers type the code at checkout. A coupon limited to a category or a seller discounts only those items.'
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        {!coupon && (
          <TextField
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            hint="3 to 30 letters, digits or dashes; it cannot change later"
            error={errors.code?.message}
            {...register('code')}
          />
        )}
        <TextField label="Description for customers" error={errors.description?.message} {...register('description')} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Discount</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="percent" disabled={used > 0 && coupon?.kind !== 'percent'} {...register('kind')} /> Percent off
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="flat" disabled={used > 0 && coupon?.kind !== 'flat'} {...register('kind')} /> Flat amount off
            </label>
          </div>
          {errors.kind?.message && <p className="text-sm text-red-700">{errors.kind.message}</p>}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={kind === 'percent' ? 'Percent' : 'Amount off (₹)'}
            inputMode="decimal"
            hint={kind === 'percent' ? `1 to ${MAX_COUPON_PERCENT}` : undefined}
            error={errors.value?.message}
            {...register('value')}
          />
          {kind === 'percent' && (
            <TextField
              label="Largest discount (₹)"
              optional
              inputMode="decimal"
              hint="Empty for no cap"
              error={errors.maxDiscountPaise?.message}
              {...register('maxDiscountPaise')}
            />
          )}
          <TextField
            label="Minimum order (₹)"
            inputMode="decimal"
            hint="Counts only the items the coupon applies to"
            error={errors.minOrderPaise?.message}
            {...register('minOrderPaise')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...register('startsAt')} />
          <TextField
            label="Ends"
            optional
            type="datetime-local"
            hint="Empty for no end"
            error={errors.expiresAt?.message}
            {...register('expiresAt')}
          />
          <TextField
            label="Total uses"
            optional
            inputMode="numeric"
            hint={used > 0 ? `Empty for no limit; at least ${used} (used so far)` : 'Empty for no limit'}
            error={errors.usageLimit?.message}
            {...register('usageLimit')}
          />
          <TextField
            label="Uses per customer"
            inputMode="numeric"
            error={errors.perCustomerLimit?.message}
            {...register('perCustomerLimit')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell label="Category" error={errors.category?.message} hint="Only items of this category">
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={selectClasses(invalid)}
                {...register('category')}
              >
                <option value="">Every category</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <FieldShell label="Seller" error={errors.vendorId?.message} hint="Only items this seller sells">
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={selectClasses(invalid)}
                {...register('vendorId')}
              >
                <option value="">Every seller</option>
                {coupon?.vendorId && <option value={coupon.vendorId}>{coupon.vendorName ?? coupon.vendorId}</option>}
                {vendors.data
                  ?.filter((v) => v.id !== coupon?.vendorId)
                  .map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name}
                    </option>
                  ))}
              </select>
            )}
          </FieldShell>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" loading={save.isPending}>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
