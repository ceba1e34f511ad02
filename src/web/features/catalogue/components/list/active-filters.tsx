import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ProductListState } from '~/shared/catalogue';
import type { FilterChip } from './list-state';

/**
 * The chosen filters as chips, each removable, and "Clear all". Nothing when none are chosen.
 * After a removal the focus moves to the chip that took its place (or `onEmpty` when none are left),
 * so a keyboard user is not thrown back to the top of the page.
 */
export function ActiveFilters({
  chips,
  onChange,
  onClearAll,
  onEmpty,
}: {
  chips: readonly FilterChip[];
  onChange: (next: ProductListState) => void;
  onClearAll: () => void;
  onEmpty?: () => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const ids = chips.map((c) => c.id).join('|');

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    const buttons = containerRef.current?.querySelectorAll('button');
    const target = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : undefined;
    if (target) target.focus();
    else onEmpty?.();
    // Runs when the chosen filters change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  if (chips.length === 0) return null;
  return (
    <div ref={containerRef} className="mb-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Chosen filters</h2>
      <ul className="flex max-w-full flex-wrap gap-2">
        {chips.map((chip, i) => (
          <li key={chip.id} className="max-w-full">
            <button
              type="button"
              onClick={() => {
                pendingFocus.current = i;
                onChange(chip.without);
              }}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm text-brand-900 hover:bg-brand-100"
              aria-label={`Remove filter ${chip.label}`}
            >
              <span className="truncate">{chip.label}</span>
              <X aria-hidden="true" className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          pendingFocus.current = Number.MAX_SAFE_INTEGER;
          onClearAll();
        }}
        className="rounded px-2 py-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        Clear all
      </button>
    </div>
  );
}
