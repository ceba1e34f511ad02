import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { MAX_COMPARE } from '~/shared/catalogue';
import { paths } from '~/shared/paths';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { productsByIdsQueryOptions } from '../../api/catalogue-queries';
import { clearCompare, removeFromCompare, useCompareList } from '../../compare-store';
import { ProductImage } from '~/web/components/product/product-image';

/** CSS variable with the tray's height while it shows, which toasts stay above. */
const TRAY_OFFSET_VARIABLE = '--compare-tray-offset';

/**
 * The bar at the bottom of the screen with the products chosen for comparison, each with a
 * remove button, and "Compare (n)". Hidden while the list is empty. It keeps room for itself at
 * the end of the page, so it never covers the footer.
 */
export function CompareTray({ className }: { className?: string }) {
  const list = useCompareList();
  const cards = useQuery(productsByIdsQueryOptions(list.ids));

  // A product that is no longer sold drops out of the answer: drop it from the list as well.
  const loadedIds = cards.data ? cards.data.map((c) => c.id) : null;
  const missing = loadedIds && !cards.isPlaceholderData ? list.ids.filter((id) => !loadedIds.includes(id)) : [];
  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey) missingKey.split(',').forEach(removeFromCompare);
  }, [missingKey]);

  // Toasts sit above the tray while it shows (the app's Toaster reads this height).
  const shown = list.ids.length > 0;
  useEffect(() => {
    if (!shown) return;
    document.documentElement.style.setProperty(TRAY_OFFSET_VARIABLE, '5rem');
    return () => {
      document.documentElement.style.removeProperty(TRAY_OFFSET_VARIABLE);
    };
  }, [shown]);

  if (!shown) return null;
  const count = list.ids.length;
  const kind = list.category ? CATEGORY_LABELS[list.category].toLowerCase() : 'products';
  const byId = new Map((cards.data ?? []).map((c) => [c.id, c]));

  return (
    <>
      <div aria-hidden="true" className="h-24" />
      <section
        aria-labelledby="compare-tray-heading"
        className={cn(
          'fixed inset-x-0 bottom-0 z-30 max-lg:bottom-[var(--buy-bar-offset,0px)] border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur',
          className,
        )}
      >
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-3 sm:px-4 sm:py-2.5">
          <h2 id="compare-tray-heading" className="sr-only">
            Compare {kind}
          </h2>
          <ul className="relative flex min-w-0 flex-1 gap-2 overflow-x-auto py-1" aria-label={`${count} of ${MAX_COMPARE} ${kind} chosen`}>
            {list.ids.map((id) => {
              const card = byId.get(id);
              const name = card?.name ?? 'Loading…';
              return (
                <li
                  key={id}
                  className="flex shrink-0 items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 sm:w-52 sm:gap-2 sm:p-1.5"
                >
                  <div className="size-10 shrink-0 overflow-hidden rounded bg-slate-50">
                    {card && <ProductImage image={card.image} sizes="40px" maxWidth={160} alt="" />}
                  </div>
                  {/* On a phone only the pictures show; the names stay for screen readers. */}
                  <span className="sr-only min-w-0 flex-1 text-xs font-medium text-slate-800 sm:not-sr-only sm:line-clamp-2">{name}</span>
                  <button
                    type="button"
                    onClick={() => removeFromCompare(id)}
                    className="shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    aria-label={`Remove ${card?.name ?? 'product'} from compare`}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
            {Array.from({ length: MAX_COMPARE - count }, (_, i) => (
              <li
                key={`slot-${i}`}
                aria-hidden="true"
                className="hidden w-52 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-500 lg:flex"
              >
                {count === 1 && i === 0 ? 'Add one more to compare' : 'Add a product'}
              </li>
            ))}
          </ul>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <Button variant="ghost" size="sm" onClick={clearCompare}>
              Clear
            </Button>
            {count >= 2 ? (
              <ButtonLink to={paths.compare(list.ids)}>Compare ({count})</ButtonLink>
            ) : (
              <>
                <Button disabled aria-describedby="compare-tray-hint">
                  Compare ({count})
                </Button>
                <p id="compare-tray-hint" className="sr-only">
                  Choose one more to compare
                </p>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
