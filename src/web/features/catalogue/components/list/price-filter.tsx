import { useId, useState, type FormEvent } from 'react';
import type { PriceBucket } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { FilterFieldset, OptionCount, optionName } from './facet-group';
import { formatRupees, validatePriceInputs } from './list-state';
import { groupDigits } from '~/shared/money';
import { usePendingValue } from './use-pending-value';

interface PriceFilterProps {
  priceMin: number | null;
  priceMax: number | null;
  buckets: readonly PriceBucket[];
  /** Lowest and highest price among the matching products (hints for the boxes). */
  range: { min: number | null; max: number | null };
  onChange: (min: number | null, max: number | null) => void;
}

/** Price: ready-made ranges with counts, or the shopper's own minimum and maximum. */
export function PriceFilter({ priceMin, priceMax, buckets, range, onChange }: PriceFilterProps) {
  const name = useId();
  const [shown, setShown] = usePendingValue({ min: priceMin, max: priceMax }, `${priceMin}-${priceMax}`);
  const choose = (min: number | null, max: number | null) => {
    setShown({ min, max });
    onChange(min, max);
  };
  const anyPrice = shown.min === null && shown.max === null;
  const bucketChosen = buckets.some((b) => b.min === shown.min && b.max === shown.max);
  return (
    <FilterFieldset legend="Price">
      <ul className="space-y-0.5">
        <li>
          <label className="filter-option">
            <input type="radio" name={name} className="checkbox" checked={anyPrice} onChange={() => choose(null, null)} />
            <span>Any price</span>
          </label>
        </li>
        {buckets.map((bucket) => {
          const checked = bucket.min === shown.min && bucket.max === shown.max;
          const disabled = bucket.count === 0 && !checked;
          return (
            <li key={bucket.label}>
              <label className="filter-option">
                <input
                  type="radio"
                  name={name}
                  className="checkbox"
                  checked={checked}
                  disabled={disabled}
                  aria-label={optionName(bucket.label, bucket.count)}
                  onChange={() => choose(bucket.min, bucket.max)}
                />
                <span>{bucket.label}</span>
                <OptionCount count={bucket.count} />
              </label>
            </li>
          );
        })}
      </ul>
      {/* The boxes start from the URL; a new key resets them when the price changes elsewhere (a chip, Back). */}
      <CustomPriceForm
        key={`${priceMin ?? ''}-${priceMax ?? ''}`}
        initialMin={!anyPrice && !bucketChosen ? priceMin : null}
        initialMax={!anyPrice && !bucketChosen ? priceMax : null}
        range={range}
        onApply={onChange}
      />
    </FilterFieldset>
  );
}

function CustomPriceForm({
  initialMin,
  initialMax,
  range,
  onApply,
}: {
  initialMin: number | null;
  initialMax: number | null;
  range: { min: number | null; max: number | null };
  onApply: (min: number | null, max: number | null) => void;
}) {
  const id = useId();
  const [minText, setMinText] = useState(initialMin === null ? '' : String(initialMin));
  const [maxText, setMaxText] = useState(initialMax === null ? '' : String(initialMax));
  const [error, setError] = useState<{ field: 'min' | 'max'; message: string } | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const result = validatePriceInputs(minText, maxText);
    if (!result.ok) {
      setError({ field: result.field, message: result.message });
      return;
    }
    setError(null);
    onApply(result.min, result.max);
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hasHint = range.min !== null && range.max !== null;
  const inputClasses = (invalid: boolean) =>
    cn(
      'w-full min-w-0 rounded-md border bg-white py-1.5 pr-2 pl-6 text-base text-slate-900 tabular-nums placeholder:text-slate-500 sm:text-sm',
      invalid ? 'border-red-600' : 'border-slate-300 focus:border-brand-500',
    );
  const box = (field: 'min' | 'max', label: string, value: string, set: (v: string) => void, hint: number | null) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-2 flex items-center text-sm text-slate-600">
          ₹
        </span>
        <input
          id={`${id}-${field}`}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => set(e.target.value)}
          // Grouped as the hint below writes it (₹1,99,990), and the box wide enough to show all of it.
          placeholder={hint === null ? undefined : groupDigits(hint)}
          aria-invalid={error?.field === field || undefined}
          aria-describedby={[hasHint ? hintId : '', error?.field === field ? errorId : ''].filter(Boolean).join(' ') || undefined}
          className={inputClasses(error?.field === field)}
        />
      </div>
    </div>
  );

  return (
    <form onSubmit={apply} noValidate className="mt-3" aria-label="Your own price range">
      {/* The two boxes share the row (Apply under them): each is wide enough for a seven-figure amount. */}
      <div className="flex items-end gap-2">
        {box('min', 'Min price', minText, setMinText, range.min)}
        <span aria-hidden="true" className="pb-2 text-slate-500">
          –
        </span>
        {box('max', 'Max price', maxText, setMaxText, range.max)}
      </div>
      <Button type="submit" variant="secondary" size="sm" className="mt-2 w-full">
        Apply
      </Button>
      {hasHint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          Prices here run from {formatRupees(range.min ?? 0)} to {formatRupees(range.max ?? 0)}.
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </form>
  );
}
