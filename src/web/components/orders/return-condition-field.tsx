import { useId, useState } from 'react';
import type { ReturnCondition } from '~/shared/schemas/orders';
import type { ReturnPhoto } from '~/shared/schemas/return-photos';
import { ReturnPhotoGallery } from './return-photo-gallery';

const CHOICES: { value: ReturnCondition; label: string; hint: string }[] = [
  { value: 'resellable', label: 'Fit to sell again', hint: 'Sealed or as new, nothing missing: back into stock, on sale.' },
  {
    value: 'damaged',
    label: 'Damaged or faulty',
    hint: 'Written off: not put back in stock, so no other customer is sent it.',
  },
];

/** The choice a returned item needs once it is checked: back on sale, or written off. */
export const RETURN_CONDITION_REQUIRED = 'Choose whether the items can be sold again';

/**
 * The state of a dialog that receives a return: the condition chosen, `check()` before confirming
 * (false, with the field's error, while nothing is chosen), `reset()` when the dialog closes, and the
 * props of `ReturnConditionField`.
 */
export function useReturnCondition() {
  const [condition, setCondition] = useState<ReturnCondition | null>(null);
  const [error, setError] = useState<string | undefined>();
  return {
    condition,
    check: () => {
      setError(condition === null ? RETURN_CONDITION_REQUIRED : undefined);
      return condition !== null;
    },
    reset: () => {
      setCondition(null);
      setError(undefined);
    },
    field: {
      value: condition,
      error,
      onChange: (next: ReturnCondition) => {
        setCondition(next);
        setError(undefined);
      },
    },
  };
}

/**
 * What the seller (or the shop) found when the returned items came back, with the customer's reason
 * and photos beside it. Nothing is chosen at first: a defective unit put back on sale by a hurried tap would
 * reach the next buyer.
 */
export function ReturnConditionField({
  value,
  onChange,
  error,
  customerReason,
  customerPhotos,
}: {
  value: ReturnCondition | null;
  onChange: (value: ReturnCondition) => void;
  error?: string | undefined;
  customerReason: string | null;
  /** The photos the customer sent with the return request, to compare with what came back. */
  customerPhotos?: { orderId: string; photos: readonly ReturnPhoto[] };
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">What did you find?</legend>
      {customerReason && <p className="mt-1 text-sm text-slate-600">The customer said: {customerReason}</p>}
      {customerPhotos && <ReturnPhotoGallery {...customerPhotos} label="The customer’s photos" />}
      <div className="mt-2 space-y-2">
        {CHOICES.map((c) => (
          <div key={c.value}>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="radio"
                name={`${id}-condition`}
                value={c.value}
                checked={value === c.value}
                onChange={() => onChange(c.value)}
                aria-describedby={`${id}-${c.value}`}
                className="size-4 shrink-0"
              />
              {c.label}
            </label>
            <p id={`${id}-${c.value}`} className="ml-6 text-sm text-slate-600">
              {c.hint}
            </p>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
