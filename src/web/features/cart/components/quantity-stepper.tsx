import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  max?: number | undefined;
  label: string;
}

/** − n + with the limits enforced; going below 1 is left to the caller's Remove button. */
export function QuantityStepper({ value, onChange, max, label }: QuantityStepperProps) {
  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded-md border border-slate-300 bg-white">
      <button
        type="button"
        className="p-2 text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
        onClick={() => onChange(value - 1)}
        disabled={value <= 1}
        aria-label="Decrease quantity"
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center text-sm font-semibold">
        {value}
      </output>
      <button
        type="button"
        className="p-2 text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
        onClick={() => onChange(value + 1)}
        disabled={max !== undefined && value >= max}
        aria-label="Increase quantity"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
