import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { productImageUrl } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { SuggestResponse } from '~/shared/schemas/catalogue';
import { suggestQueryOptions } from '~/web/lib/search/suggest-query';
import { cn } from '../ui/cn';
import { CATEGORY_LABELS } from './navigation';

/** Suggestions start at this many characters, after the typing pauses this long. */
export const SUGGEST_MIN_LENGTH = 2;
const SUGGEST_DELAY_MS = 150;

export type SuggestionOption =
  | { kind: 'product'; key: string; href: string; product: SuggestResponse['products'][number] }
  | { kind: 'category'; key: string; href: string; category: Category; count: number }
  | { kind: 'all'; key: string; href: string };

/** The options of the list, in order: products, categories, then "See all results" last. */
export function suggestionOptions(q: string, data: SuggestResponse | undefined): SuggestionOption[] {
  const products: SuggestionOption[] = (data?.products ?? []).slice(0, 6).map((product) => ({
    kind: 'product',
    key: `p-${product.id}`,
    href: paths.product(product.id),
    product,
  }));
  const categories: SuggestionOption[] = (data?.categories ?? []).map(({ category, count }) => ({
    kind: 'category',
    key: `c-${category}`,
    href: `${paths.search(q)}&category=${category}`,
    category,
    count,
  }));
  return [...products, ...categories, { kind: 'all', key: 'all', href: paths.search(q) }];
}

/** Arrow keys walk the options and past either end back to the text box (-1). */
export function moveHighlight(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The header search: a combobox (ARIA 1.2) with product and category suggestions as you type.
 * Enter on a highlighted option opens it; Enter otherwise puts the URL-encoded text into `q` of
 * /search (the seed's behaviour) and clears the box. It is in the first page load, so it stays small.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  // The page is shown before its script runs (decision 29): what was typed before the app took the box
  // over is the box's text from now on.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setText(typed);
  }, []);

  const q = text.trim();
  const debounced = useDebounced(q, SUGGEST_DELAY_MS);
  const wanted = open && q.length >= SUGGEST_MIN_LENGTH;
  const suggest = useQuery({ ...suggestQueryOptions(debounced), enabled: wanted && debounced.length >= SUGGEST_MIN_LENGTH });
  const data = suggest.data;
  const options = wanted && data ? suggestionOptions(q, data) : [];
  const expanded = options.length > 0;
  const matches = data ? data.products.length + data.categories.length : 0;

  // Closes when a click or tap lands outside the search.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function finish(href: string) {
    void navigate(href);
    setText('');
    setOpen(false);
    setActive(-1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? options[active] : undefined;
    if (chosen) return finish(chosen.href);
    // What the box shows: Enter pressed while React was still taking the page over comes before the effect above.
    const typed = (inputRef.current?.value ?? q).trim();
    if (typed) finish(paths.search(typed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      setActive((current) => moveHighlight(Math.min(current, options.length - 1), event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Escape') {
      if (expanded) {
        // Only close the list; a second Escape clears the box as a search box does.
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const activeOption = expanded && active >= 0 && active < options.length ? active : -1;

  // A long list scrolls to keep the highlighted option in view.
  useEffect(() => {
    if (activeOption >= 0) document.getElementById(`${id}-option-${activeOption}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption, id]);

  return (
    <form role="search" action="/search" onSubmit={submit} className={className}>
      <div ref={containerRef} className="relative">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            if (!containerRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search laptops, desktops, monitors…"
          maxLength={200}
          autoComplete="off"
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-10 pl-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 sm:text-sm"
        />
        <button
          type="submit"
          className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600 hover:text-brand-700"
          aria-label="Search"
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
        <ul
          id={listboxId}
          role="listbox"
          aria-label={`Suggestions for ${q}`}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((option, index) => (
            // The keyboard works on the text box (aria-activedescendant); the mouse picks here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeOption}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => finish(option.href)}
              onMouseMove={() => index !== activeOption && setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800',
                index === activeOption && 'bg-brand-50',
                option.kind === 'all' && 'border-t border-slate-200 font-semibold text-brand-700',
                option.kind === 'category' && index > 0 && options[index - 1]?.kind === 'product' && 'border-t border-slate-200',
              )}
            >
              <OptionContent option={option} q={q} />
            </li>
          ))}
        </ul>
        <p role="status" className="sr-only">
          {expanded ? (matches === 0 ? 'No suggestions' : `${matches} ${matches === 1 ? 'suggestion' : 'suggestions'}`) : ''}
        </p>
      </div>
    </form>
  );
}

function OptionContent({ option, q }: { option: SuggestionOption; q: string }) {
  if (option.kind === 'product') {
    const { product } = option;
    return (
      <>
        <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded bg-slate-50">
          {product.image && (
            <img src={productImageUrl(product.image.id, 160)} alt="" width={40} height={40} className="size-10 object-contain" />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">{product.name}</span>
          <span className="block text-slate-700">{formatPaise(product.pricePaise)}</span>
        </span>
      </>
    );
  }
  if (option.kind === 'category') {
    return (
      <span>
        “{q}” in <span className="font-semibold">{CATEGORY_LABELS[option.category]}</span>
        <span className="text-slate-600">
          {' '}
          · {option.count} {option.count === 1 ? 'product' : 'products'}
        </span>
      </span>
    );
  }
  return <span>See all results for “{q}”</span>;
}
