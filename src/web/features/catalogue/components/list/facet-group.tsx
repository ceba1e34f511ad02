import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { FILTER_LABELS, type ListFilter } from '~/shared/catalogue';
import type { FacetValue } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';
import { fallbackValueLabel } from './list-state';
import { usePendingValue } from './use-pending-value';

/** A group with more values than this folds behind "Show all", showing the first COLLAPSED_COUNT. */
const FOLD_ABOVE = 10;
const COLLAPSED_COUNT = 8;

/** The values of a filter, with chosen values the facets no longer list (a shared link, say) added at count 0. */
export function facetOptions(filter: ListFilter, values: readonly FacetValue[], selected: readonly string[]): FacetValue[] {
  const missing = selected
    .filter((s) => !values.some((v) => v.value === s))
    .map((value) => ({ value, label: fallbackValueLabel(filter, value), count: 0 }));
  return [...values, ...missing];
}

/**
 * A filter group: a fieldset whose legend names it. A foldable group's legend is a button that
 * shows or hides the values (long lists of specifications stay out of the way until wanted).
 */
export function FilterFieldset({
  legend,
  children,
  foldable = false,
  defaultOpen = true,
  className,
}: {
  legend: string;
  children: ReactNode;
  foldable?: boolean;
  defaultOpen?: boolean;
  className?: string;
}) {
  const contentId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const shown = !foldable || open;
  return (
    <fieldset className={cn('border-t border-slate-200 pt-4', className)}>
      <legend className="float-left mb-2 w-full text-sm font-semibold text-slate-900">
        {foldable ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen((o) => !o)}
            className="flex w-full items-center justify-between rounded py-0.5 text-left hover:text-brand-800"
          >
            {legend}
            <ChevronDown aria-hidden="true" className={cn('size-4 text-slate-600 transition-transform', open && 'rotate-180')} />
          </button>
        ) : (
          legend
        )}
      </legend>
      <div id={contentId} hidden={!shown} className="clear-both">
        {children}
      </div>
    </fieldset>
  );
}

/** "Dell, 12 products": the name of a filter option, so screen readers hear the count with the value. */
export function optionName(label: string, count: number): string {
  return `${label}, ${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}

/** The count beside a value; screen readers get it from the option's name instead. */
export function OptionCount({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className="filter-count">
      {formatCount(count)}
    </span>
  );
}

/** A checkbox per value with its count; a value that would match nothing is disabled unless chosen. */
export function FacetGroup({
  filter,
  values,
  selected,
  onToggle,
  defaultOpen = true,
}: {
  filter: ListFilter;
  values: readonly FacetValue[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  /** Folded groups open with a click; a group with a chosen value always starts open. */
  defaultOpen?: boolean;
}) {
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [shownSelected, setShownSelected] = usePendingValue(selected, selected.join('\u0000'));
  const options = facetOptions(filter, values, selected);
  const collapsible = options.length > FOLD_ABOVE;
  const shown = !collapsible || expanded ? options : options.filter((o, i) => i < COLLAPSED_COUNT || selected.includes(o.value));
  const noun = FILTER_LABELS[filter].toLowerCase();

  return (
    <FilterFieldset legend={FILTER_LABELS[filter]} foldable defaultOpen={defaultOpen || selected.length > 0}>
      <ul id={listId} className="space-y-0.5">
        {shown.map((option) => {
          const checked = shownSelected.includes(option.value);
          const disabled = option.count === 0 && !checked;
          return (
            <li key={option.value}>
              <label className="filter-option">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={checked}
                  disabled={disabled}
                  aria-label={optionName(option.label, option.count)}
                  onChange={() => {
                    setShownSelected(checked ? shownSelected.filter((v) => v !== option.value) : [...shownSelected, option.value]);
                    onToggle(option.value);
                  }}
                />
                <span className="min-w-0 break-words">{option.label}</span>
                <OptionCount count={option.count} />
              </label>
            </li>
          );
        })}
      </ul>
      {collapsible && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
          className="mt-1 rounded px-1.5 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {expanded ? `Show fewer ${noun} options` : `Show all ${options.length} ${noun} options`}
        </button>
      )}
    </FilterFieldset>
  );
}
