import { useId } from 'react';
import type { ProductOption, ProductVariant } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { choicesOf } from './variant-choice';

export interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  current: ProductVariant;
  /** Called with the configuration a choice opens. */
  onChoose: (variant: ProductVariant) => void;
}

/**
 * One radio group per option (RAM, storage, …): arrow keys move within a group, and a screen reader
 * reads each value with its state. A value that cannot be chosen is disabled with the reason beside it
 * as text; one only made with other options says which change with it.
 */
export function VariantPicker({ options, variants, current, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      {options.map((option) => {
        const choices = choicesOf(option, variants, current);
        const chosen = current.options[option.key];
        return (
          <fieldset key={option.key}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              {option.label}
              {chosen ? <span className="font-normal text-slate-600">: {chosen}</span> : null}
            </legend>
            <div className="flex flex-wrap gap-2">
              {choices.map((choice) => {
                const inputId = `${id}-${option.key}-${choice.value}`.replace(/[^A-Za-z0-9_:-]/g, '_');
                const checked = chosen === choice.value;
                const disabled = !checked && choice.target === undefined;
                const note = choice.unavailableReason ?? (choice.changes.length ? `With ${choice.changes.join(', ')}` : null);
                return (
                  <label
                    key={choice.value}
                    htmlFor={inputId}
                    className={cn(
                      'flex min-w-24 cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                      checked ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900' : 'border-slate-300 bg-white text-slate-900',
                      disabled && 'cursor-not-allowed border-dashed bg-slate-50 text-slate-600',
                    )}
                  >
                    <input
                      id={inputId}
                      type="radio"
                      className="sr-only"
                      name={`${id}-${option.key}`}
                      value={choice.value}
                      checked={checked}
                      disabled={disabled}
                      aria-describedby={note && !checked ? `${inputId}-note` : undefined}
                      onChange={() => {
                        if (choice.target && choice.target.id !== current.id) onChoose(choice.target);
                      }}
                    />
                    <span className={cn(disabled && 'line-through')}>{choice.value}</span>
                    {/* Read as the radio's description (after its name and state), not as part of its name. */}
                    {note && !checked ? (
                      <span id={`${inputId}-note`} aria-hidden="true" className="text-xs font-normal text-slate-600">
                        {note}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
