import { useState, type FormEvent } from 'react';
import { CATEGORIES, type Category } from '~/shared/constants';
import type { VendorCommissionPlan } from '~/shared/schemas/payouts';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useSetCommissionPlan } from '../api/admin-payouts-queries';
import { parsePercent, percent, percentText } from './payout-figures';

type Errors = Partial<Record<Category, string>>;

/**
 * Sets a vendor's commission plan: its own rate for some categories; a category left empty is
 * charged the category's rate. Lines delivered from now on are charged the plan.
 */
export function CommissionPlanDialog({
  plan,
  categoryRates,
  open,
  onOpenChange,
}: {
  plan: VendorCommissionPlan;
  /** The categories' rates, in basis points (what an empty field means). */
  categoryRates: Map<string, number>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSetCommissionPlan(plan.vendorId);
  const own = new Map(plan.rates.map((r) => [r.category, r.rateBp]));
  const [text, setText] = useState<Record<Category, string>>(
    () => Object.fromEntries(CATEGORIES.map((c) => [c, own.has(c) ? percentText(own.get(c)!) : ''])) as never,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const send = (rates: { category: Category; rateBp: number }[]) => {
    setFormError(null);
    save.mutate(
      { rates },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.rates.length > 0
              ? `Commission plan of ${saved.vendorName} saved: ${saved.rates.map((r) => `${r.category} ${percent(r.rateBp)}`).join(', ')}.`
              : `Commission plan of ${saved.vendorName} ended: the category rates apply.`,
          );
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error)) {
            const placed: Errors = {};
            for (const field of Object.keys(error.fields)) {
              const index = /^rates\.(\d+)/.exec(field)?.[1];
              if (index !== undefined) placed[rates[Number(index)]!.category] = error.fields[field];
            }
            setErrors(placed);
          }
          setFormError(error.message);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const rates: { category: Category; rateBp: number }[] = [];
    for (const category of CATEGORIES) {
      const parsed = parsePercent(text[category]);
      if (parsed && 'error' in parsed) found[category] = parsed.error;
      else if (parsed) rates.push({ category, rateBp: parsed.bp });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) send(rates);
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Commission plan: ${plan.vendorName}`}
      description="The seller's own rate per category, from 0% to 50%, for lines delivered from now on. Leave a category empty to charge the category's rate."
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        {CATEGORIES.map((category) => (
          <TextField
            key={category}
            label={`${category} rate (%)`}
            inputMode="decimal"
            autoComplete="off"
            value={text[category]}
            onChange={(e) => setText((t) => ({ ...t, [category]: e.target.value }))}
            error={errors[category]}
            hint={`Category rate ${percent(categoryRates.get(category) ?? 0)} when empty`}
            optional
          />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          {plan.rates.length > 0 && (
            <Button variant="secondary" onClick={() => send([])} disabled={save.isPending}>
              End plan
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={save.isPending}>
            Save plan
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
